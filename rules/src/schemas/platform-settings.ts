/**
 * Platform settings an admin may change (GET/PUT /api/admin/settings), and the public part the
 * pages need (GET /api/client-config → fees). The code reads them where it prices, checks and
 * expires: format fees (new quotes and offers; an open offer keeps its fee), the minimum
 * withdrawal, the offer expiry (new offers and counters), LoopMarketplace's dispute window
 * (an on-chain transaction; it applies to purchases made after it), and how long the proceeds of
 * card and PayPal sales are held before the seller can spend them (new sales), and the upload limits
 * per member: uploads per hour (429) and the storage all their uploads may take (413), and the
 * support address members write to; and the limits against abuse (issue 35): the smallest offer the
 * app answers, the smallest price an upload reward needs, and the longer hold of a new seller's fiat
 * proceeds until they have a history of completed sales; and the largest price impact a wallet swap
 * for LOOP may have (issue 40: a quote above it is refused before the wallet opens).
 */
import { z } from "zod";
import { wholeNumber } from "./fields";
import { LEDGER_DECIMALS } from "../units";
import { AMOUNT_MESSAGES, loopAmountProblem } from "./amounts";
import { DEFAULT_MIN_OFFER_CENTS, DEFAULT_SUPPORT_EMAIL } from "../platform-defaults";

// Zod-free, in the module imported above (the pages that show loops load no schema); named here too.
export { DEFAULT_MIN_OFFER_CENTS, DEFAULT_SUPPORT_EMAIL };

export const FEE_BPS_MAX = 5000;
export const OFFER_EXPIRY_HOURS_MAX = 720;
/** LoopMarketplace.MAX_DISPUTE_WINDOW */
export const DISPUTE_WINDOW_SECONDS_MAX = 30 * 24 * 60 * 60;
/** The longest hold of card and PayPal sale proceeds (the default, 7 days, is the column's). */
export const FIAT_HOLD_DAYS_MAX = 180;
/** Uploads per member per hour: default 20 (the column's), at most this. */
export const UPLOADS_PER_HOUR_MAX = 1000;

/** A member's storage quota in MB (MiB): at least one largest upload (50 MB), at most 1 TB; default 2 GB (the column's). */
export const UPLOAD_QUOTA_MB_MIN = 50;
export const UPLOAD_QUOTA_MB_MAX = 1024 * 1024;
/** The highest minimum offer and minimum reward price, in cents: the highest price ($1,000,000.00). */
export const SETTING_CENTS_MAX = 100_000_000;
/** The most completed fiat sales a seller may be asked for before the normal hold applies. */
export const TRUSTED_SELLER_SALES_MAX = 1000;
/** The largest price-impact bound an admin may set, in basis points (50%); the default is 5% (DEFAULT_MAX_PRICE_IMPACT_BPS). */
export const PRICE_IMPACT_BPS_MAX = 5000;

export const SETTINGS_MESSAGES = {
  invalidFee: `Invalid Fee: A format fee is a whole number of basis points from 0 to ${FEE_BPS_MAX} (50%)`,
  invalidMinWithdrawal: `Invalid Minimum Withdrawal: Enter a LOOP amount greater than 0 with at most ${LEDGER_DECIMALS} decimals`,
  minWithdrawalTooLarge: AMOUNT_MESSAGES.loopTooLarge,
  invalidDisputeWindow: `Invalid Dispute Window: Enter whole seconds from 0 to ${DISPUTE_WINDOW_SECONDS_MAX} (30 days)`,
  invalidOfferExpiry: `Invalid Offer Expiry: Enter whole hours from 1 to ${OFFER_EXPIRY_HOURS_MAX} (30 days)`,
  invalidFiatHold: `Invalid Sale Hold: Enter whole days from 0 to ${FIAT_HOLD_DAYS_MAX}`,
  invalidUploadsPerHour: `Invalid Upload Limit: Enter whole uploads per hour from 1 to ${UPLOADS_PER_HOUR_MAX}`,
  invalidUploadQuota: `Invalid Storage Quota: Enter whole MB from ${UPLOAD_QUOTA_MB_MIN} to ${UPLOAD_QUOTA_MB_MAX} (1 TB)`,
  invalidSupportEmail: "Invalid Support Address: Enter an e-mail address",
  invalidMinOffer: "Invalid Minimum Offer: Enter whole cents from 1 to 100000000 ($1,000,000.00)",
  invalidRewardMinPrice: "Invalid Reward Minimum Price: Enter whole cents from 0 to 100000000 ($1,000,000.00)",
  invalidNewSellerHold: `Invalid New Seller Hold: Enter whole days from 0 to ${FIAT_HOLD_DAYS_MAX}`,
  invalidTrustedSellerSales: `Invalid Seller History: Enter whole sales from 0 to ${TRUSTED_SELLER_SALES_MAX}`,
  invalidMaxPriceImpact: `Invalid Price Impact Bound: Enter whole basis points from 1 to ${PRICE_IMPACT_BPS_MAX} (50%)`,
  nothingToChange: "Nothing to Change: Send at least one setting",
  chainUnavailable: "Dispute Window Not Changed: The marketplace contract could not be reached",
} as const;

export const platformSettingsSchema = z.object({
  formatFeeBps: z.object({ mp3: z.number().int(), wav: z.number().int() }).describe("Fee on top of the price, basis points"),
  minWithdrawal: z.string().describe("LOOP, 8 decimals"),
  offerExpiryHours: z.number().int(),
  disputeWindowSeconds: z.number().int().nullable().describe("LoopMarketplace's window; null when the chain cannot be read"),
  fiatHoldDays: z
    .number()
    .int()
    .describe("Days the proceeds of a card or PayPal sale are held before the seller can spend them (0: at once)"),
  uploadsPerHour: z.number().int().describe("Uploads a member may make per hour (the last 60 minutes); one more is refused with 429"),
  uploadQuotaMb: z
    .number()
    .int()
    .describe("MB (MiB) all of a member's originals and the files made from them may take together; an upload past it is refused with 413"),
  supportEmail: z.string().describe("Where members write for help (Email Support)"),
  minOfferCents: z
    .number()
    .int()
    .describe("US cents: a wallet offer below it is ignored (its buyer reclaims it after expiry), an in-app offer below it is refused"),
  uploadRewardMinPriceCents: z.number().int().describe("US cents: an upload priced below it earns no upload reward"),
  newSellerHoldDays: z
    .number()
    .int()
    .describe(
      "Days the proceeds of a card or PayPal sale are held while its seller has fewer than trustedSellerSales completed fiat sales older than the chargeback window",
    ),
  trustedSellerSales: z
    .number()
    .int()
    .describe(
      "Completed fiat sales, older than the chargeback window, after which a seller's proceeds get the normal hold (fiatHoldDays); 0: every seller has it",
    ),
  maxPriceImpactBps: z
    .number()
    .int()
    .describe("Basis points: a wallet swap for LOOP that would move the pool's price more is refused before the wallet opens"),
  updatedAt: z.string(),
  updatedBy: z.object({ id: z.string().uuid(), username: z.string() }).nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** The part every page may know (GET /api/config → settings): fees, minimum withdrawal, offer expiry, support address, minimum offer, price-impact bound. */
export const publicPlatformSettingsSchema = platformSettingsSchema.pick({
  formatFeeBps: true,
  minWithdrawal: true,
  offerExpiryHours: true,
  supportEmail: true,
  minOfferCents: true,
  maxPriceImpactBps: true,
});
export type PublicPlatformSettings = z.infer<typeof publicPlatformSettingsSchema>;

const feeBps = wholeNumber(0, FEE_BPS_MAX, SETTINGS_MESSAGES.invalidFee);

/** A LOOP amount greater than 0 as text (trimmed), with the setting's own messages. */
const positiveLoop = (invalid: string, tooLarge: string) =>
  z
    .string({ error: invalid })
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      const problem = loopAmountProblem(value, { notPositive: invalid, invalid, tooPrecise: invalid, tooLarge });
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** A partial change: only the settings sent are changed, each validated. */
export const platformSettingsUpdateSchema = z
  .object({
    formatFeeBps: z.object({ mp3: feeBps.optional(), wav: feeBps.optional() }, { error: SETTINGS_MESSAGES.invalidFee }).optional(),
    minWithdrawal: positiveLoop(SETTINGS_MESSAGES.invalidMinWithdrawal, SETTINGS_MESSAGES.minWithdrawalTooLarge).optional(),
    offerExpiryHours: wholeNumber(1, OFFER_EXPIRY_HOURS_MAX, SETTINGS_MESSAGES.invalidOfferExpiry).optional(),
    disputeWindowSeconds: wholeNumber(0, DISPUTE_WINDOW_SECONDS_MAX, SETTINGS_MESSAGES.invalidDisputeWindow).optional(),
    fiatHoldDays: wholeNumber(0, FIAT_HOLD_DAYS_MAX, SETTINGS_MESSAGES.invalidFiatHold).optional(),
    uploadsPerHour: wholeNumber(1, UPLOADS_PER_HOUR_MAX, SETTINGS_MESSAGES.invalidUploadsPerHour).optional(),
    uploadQuotaMb: wholeNumber(UPLOAD_QUOTA_MB_MIN, UPLOAD_QUOTA_MB_MAX, SETTINGS_MESSAGES.invalidUploadQuota).optional(),
    supportEmail: z
      .string({ error: SETTINGS_MESSAGES.invalidSupportEmail })
      .trim()
      .email(SETTINGS_MESSAGES.invalidSupportEmail)
      .max(254, SETTINGS_MESSAGES.invalidSupportEmail)
      .optional(),
    minOfferCents: wholeNumber(1, SETTING_CENTS_MAX, SETTINGS_MESSAGES.invalidMinOffer).optional(),
    uploadRewardMinPriceCents: wholeNumber(0, SETTING_CENTS_MAX, SETTINGS_MESSAGES.invalidRewardMinPrice).optional(),
    newSellerHoldDays: wholeNumber(0, FIAT_HOLD_DAYS_MAX, SETTINGS_MESSAGES.invalidNewSellerHold).optional(),
    trustedSellerSales: wholeNumber(0, TRUSTED_SELLER_SALES_MAX, SETTINGS_MESSAGES.invalidTrustedSellerSales).optional(),
    maxPriceImpactBps: wholeNumber(1, PRICE_IMPACT_BPS_MAX, SETTINGS_MESSAGES.invalidMaxPriceImpact).optional(),
  })
  .refine(
    (body) =>
      body.formatFeeBps?.mp3 !== undefined ||
      body.formatFeeBps?.wav !== undefined ||
      body.minWithdrawal !== undefined ||
      body.offerExpiryHours !== undefined ||
      body.disputeWindowSeconds !== undefined ||
      body.fiatHoldDays !== undefined ||
      body.uploadsPerHour !== undefined ||
      body.uploadQuotaMb !== undefined ||
      body.supportEmail !== undefined ||
      body.minOfferCents !== undefined ||
      body.uploadRewardMinPriceCents !== undefined ||
      body.newSellerHoldDays !== undefined ||
      body.trustedSellerSales !== undefined ||
      body.maxPriceImpactBps !== undefined,
    SETTINGS_MESSAGES.nothingToChange,
  );
export type PlatformSettingsUpdate = z.input<typeof platformSettingsUpdateSchema>;
