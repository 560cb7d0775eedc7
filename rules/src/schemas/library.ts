/**
 * The buyer's library (issue 37): GET /api/library lists every purchase and free download of the
 * signed-in member, newest first, with the loop even when it has been hidden or taken down since
 * (what was bought stays its buyer's unless the purchase was refunded or reversed).
 * One entry per licence: each purchase has one, and so has a member's first download of a free loop.
 */
import { z } from "zod";
import { DELIVERY_FORMATS } from "./downloads";
import { cursorPageQuery, enumWithDefault } from "./fields";
import { LICENCE_STATUSES } from "./licences";
import { PURCHASE_METHODS } from "./purchases";

export const LIBRARY_DEFAULT_LIMIT = 24;
export const LIBRARY_MAX_LIMIT = 100;
/** Receipts sent again per member and hour (POST /api/library/:id/receipt). */
export const LIBRARY_RECEIPTS_PER_HOUR = 10;

export const LIBRARY_KINDS = ["all", "purchased", "free"] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

export const LIBRARY_MESSAGES = {
  notFound: "Library Entry Not Found",
  kind: "Invalid kind: use all, purchased or free.",
  format: `Invalid format: use ${DELIVERY_FORMATS.join(" or ")}.`,
  search: "Invalid search: at most 200 characters.",
  limit: `Invalid limit: use a whole number from 1 to ${LIBRARY_MAX_LIMIT}.`,
  after: "Invalid after: use the nextCursor of the previous page.",
  receiptFree: "No Receipt: A free download has no receipt; its licence is on the licence's page.",
  receiptNoEmail: "No E-mail Address: Add an e-mail address in your profile to receive receipts.",
  receiptNotSent: "E-mail Not Sent: The mail server did not take the receipt. Try again later.",
  tooManyReceipts: `Too Many Receipts: At most ${LIBRARY_RECEIPTS_PER_HOUR} receipts an hour. Try again later.`,
} as const;

/** Why a purchase is no longer its buyer's, as the library shows it. */
export const LIBRARY_REFUND_REASONS = {
  escrow: "Refunded on chain: the payment held in escrow went back to your wallet.",
  refund: "Refunded by the payment provider.",
  dispute: "Reversed after a payment dispute (chargeback).",
} as const;
export type LibraryRefundReason = keyof typeof LIBRARY_REFUND_REASONS;

export const libraryQuerySchema = z.object({
  kind: enumWithDefault(LIBRARY_KINDS, "all", LIBRARY_MESSAGES.kind).describe(
    "purchased: purchases only (refunded ones included); free: free downloads only; default all",
  ),
  format: z.enum(DELIVERY_FORMATS, { error: LIBRARY_MESSAGES.format }).optional(),
  search: z
    .string()
    .max(200, LIBRARY_MESSAGES.search)
    .optional()
    .transform((text) => text?.trim() || undefined)
    .describe("Case-insensitive, in the loop's title (as bought and as it is now) and the seller's username"),
  ...cursorPageQuery({
    defaultLimit: LIBRARY_DEFAULT_LIMIT,
    maxLimit: LIBRARY_MAX_LIMIT,
    maxCursor: 200,
    messages: LIBRARY_MESSAGES,
    same: "same filters",
  }),
});
export type LibraryQuery = z.output<typeof libraryQuerySchema>;

const usd = z.string().regex(/^\d+\.\d{2}$/);

export const libraryEntrySchema = z.object({
  id: z.uuid().describe("The licence's id: one entry per purchase or free download"),
  kind: z.enum(["purchase", "free"]).describe("free: the first download of a free loop (no purchase made)"),
  acquiredAt: z.string().describe("When it was bought or first downloaded (ISO 8601)"),
  format: z.enum(DELIVERY_FORMATS),
  method: z.enum(PURCHASE_METHODS).describe("How it was paid (free for a free download)"),
  price: usd,
  fee: usd,
  total: usd.describe("price + fee, USD"),
  loopAmount: z.string().nullable().describe("LOOP paid when paid in LOOP (8 decimals); null otherwise"),
  purchaseId: z.uuid().nullable(),
  licence: z.object({ id: z.uuid(), status: z.enum(LICENCE_STATUSES), url: z.string().describe("The licence's page") }),
  refund: z
    .object({ at: z.string(), reason: z.enum(["escrow", "refund", "dispute"]), message: z.string() })
    .nullable()
    .describe("Set once the purchase was refunded or reversed: no download any more"),
  loop: z.object({
    id: z.uuid(),
    title: z.string().describe("Its title now (as bought when it was taken down)"),
    titleAtPurchase: z.string(),
    listed: z.boolean().describe("Public in the catalog; false once hidden, made private or taken down"),
    duration: z.number().nonnegative().nullable().describe("Seconds"),
    audioFileUrl: z.string().nullable().describe("The 30 s preview (its buyer may play it even once it is no longer listed)"),
    peaksUrl: z.string().nullable(),
  }),
  seller: z.object({ id: z.uuid(), username: z.string(), name: z.string().nullable() }),
  canDownload: z.boolean().describe("Its files may be downloaded again (GET /api/loops/:id/download?format=)"),
});
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

export const libraryPageSchema = z.object({
  entries: z.array(libraryEntrySchema),
  nextCursor: z.string().nullable().describe("Pass as `after` for the next page; null when this page is the last"),
});
export type LibraryPage = z.infer<typeof libraryPageSchema>;

/** POST /api/library/:id/receipt: the purchase's receipt, sent again to the member's address. */
export const libraryReceiptResponseSchema = z.object({ sentTo: z.string().describe("The address it was sent to") });
export type LibraryReceiptResponse = z.infer<typeof libraryReceiptResponseSchema>;
