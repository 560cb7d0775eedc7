import {
  platformSettingsSchema,
  platformSettingsUpdateSchema,
  publicPlatformSettingsSchema,
  SETTINGS_MESSAGES,
} from "@loop/rules/schemas/platform-settings";
import { adminOnly, bodyTooLarge, failure, json, notAdmin, signInRequired } from "../responses";
import { defineFeature } from "../spec";

export const platformSettingsOperations = defineFeature({
  tag: "settings",
  description:
    "Admin only: the platform settings the code uses: format fees, minimum withdrawal, offer expiry, LoopMarketplace's dispute window, and the hold of card and PayPal sale proceeds.",
  schemas: {
    PlatformSettings: platformSettingsSchema,
    PlatformSettingsUpdate: platformSettingsUpdateSchema,
    PublicPlatformSettings: publicPlatformSettingsSchema,
  },
  operations: [
    {
      method: "get",
      path: "/api/admin/settings",
      operationId: "adminGetSettings",
      summary: "The platform settings, with the dispute window read from LoopMarketplace",
      description:
        "`disputeWindowSeconds` is null when the marketplace contract cannot be read. `updatedBy` is the admin of the last change (null before any).",
      auth: "required",
      responses: { 200: json(platformSettingsSchema, "The settings"), 401: signInRequired, 403: notAdmin },
    },
    {
      method: "put",
      path: "/api/admin/settings",
      operationId: "adminUpdateSettings",
      summary: "Change some of the platform settings",
      description:
        "Only the settings sent change. New quotes, checkouts and in-app offers use the new format fee (an open offer keeps the fee it was opened with; " +
        "wallet offers use LoopMarketplace.offerFee's fixed rates); new withdrawals the new minimum; new offers and counters the new expiry; " +
        "new card and PayPal sales the new hold (`fiatHoldDays`; a sale keeps the release time it was made with); " +
        "uploads the new limits per member (`uploadsPerHour`, `uploadQuotaMb`) and the reward's minimum price (`uploadRewardMinPriceCents`); " +
        "offers opened after it the new minimum (`minOfferCents`); new fiat sales the new seller hold (`newSellerHoldDays` until `trustedSellerSales`). " +
        "A dispute window is set on chain first (`setDisputeWindow`, waiting for the receipt) and applies to purchases made after it. " +
        "The change and its audit entry (`settings.changed`, before and after) are one transaction; on any error nothing changes.",
      auth: "required",
      body: platformSettingsUpdateSchema,
      responses: {
        200: json(platformSettingsSchema, "The settings after the change"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          `\`${SETTINGS_MESSAGES.invalidFee}\`, \`${SETTINGS_MESSAGES.invalidMinWithdrawal}\`, \`${SETTINGS_MESSAGES.invalidOfferExpiry}\`, ` +
            `\`${SETTINGS_MESSAGES.invalidDisputeWindow}\`, \`${SETTINGS_MESSAGES.invalidFiatHold}\`, \`${SETTINGS_MESSAGES.invalidUploadsPerHour}\`, ` +
            `\`${SETTINGS_MESSAGES.invalidUploadQuota}\`, \`${SETTINGS_MESSAGES.invalidMinOffer}\`, \`${SETTINGS_MESSAGES.invalidRewardMinPrice}\`, ` +
            `\`${SETTINGS_MESSAGES.invalidNewSellerHold}\`, \`${SETTINGS_MESSAGES.invalidTrustedSellerSales}\`, \`${SETTINGS_MESSAGES.nothingToChange}\`, or malformed JSON.`,
        ),
        ...adminOnly,
        413: bodyTooLarge,
        502: failure(
          ["SETTINGS_CHAIN_UNAVAILABLE"],
          `\`${SETTINGS_MESSAGES.chainUnavailable}\`: the setDisputeWindow transaction failed or the chain did not answer; nothing changed.`,
        ),
      },
    },
  ],
});
