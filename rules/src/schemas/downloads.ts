/** Downloads: GET /api/loops/:id/download issues a signed link; GET /api/downloads/:token answers the file. */
import { z } from "zod";

import { DELIVERY_FORMATS, type DeliveryFormat } from "../catalog";

// Zod-free, in ../catalog (pages that only show loops load no schema); named here too.
export { DELIVERY_FORMATS, type DeliveryFormat };

/** How long a signed download link stays valid. */
export const DOWNLOAD_LINK_TTL_MS = 15 * 60 * 1000;

export const DOWNLOAD_MESSAGES = {
  format: "Invalid Format: Choose mp3 or wav.",
  purchaseRequired: "Purchase Required: Buy this loop to download it.",
  formatNotPurchased: "Purchase Required: You bought this loop in another format.",
  /** The purchase was refunded (an arbiter's refund of an escrowed wallet purchase): its links stop working too. */
  refunded: "Purchase Refunded: This purchase was refunded, so it can no longer be downloaded. Buy the loop again to download it.",
  notReady: "Download Not Available: This loop is still being processed.",
  invalidLink: "Invalid Download Link: This link is not valid. Request a new download.",
  expiredLink: "Download Link Expired: Request a new download.",
  fileMissing: "File Not Found",
} as const;

export const downloadQuerySchema = z.object({
  format: z
    .enum(DELIVERY_FORMATS, { error: DOWNLOAD_MESSAGES.format })
    .optional()
    .describe("Default: mp3, or the format the caller bought when that is the only one"),
});
export type DownloadQuery = z.output<typeof downloadQuerySchema>;

export const downloadLinkSchema = z.object({
  downloadUrl: z.string().describe("`/api/downloads/<signed token>` on the API's origin; valid 15 minutes"),
  filename: z.string().describe("e.g. `deep-night.mp3`"),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/** How long the download links in a purchase e-mail stay valid (the app issues fresh ones any time). */
export const EMAIL_DOWNLOAD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
