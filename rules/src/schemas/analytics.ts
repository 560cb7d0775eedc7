/**
 * Creator analytics (issue 23): GET /api/analytics/creator (figures of the caller's own loops per UTC
 * day), GET /api/analytics/creator/sales.csv, and POST /api/loops/:id/plays (the web player reports a
 * preview played past 5 seconds). Money: LOOP as 8-decimal strings, USD as 2-decimal strings.
 */
import { z } from "zod";
import { PLAY_THRESHOLD_MS } from "../catalog";

// Zod-free, in ../catalog (the player loads no schema); named here too.
export { PLAY_THRESHOLD_MS };

export const ANALYTICS_RANGES = ["7d", "30d", "90d", "all"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** Days of each range, today (UTC) included; "all" starts at the creator's first day with activity. */
export const ANALYTICS_RANGE_DAYS: Record<Exclude<AnalyticsRange, "all">, number> = { "7d": 7, "30d": 30, "90d": 90 };

/** The ways a sale is paid (free downloads are not sales). */
export const SALE_METHODS = ["loop", "wallet", "paypal", "card"] as const;
export type SaleMethod = (typeof SALE_METHODS)[number];

/** At most one play per listener, loop and this period. */
export const PLAY_DEDUP_MS = 60 * 60 * 1000;

export const ANALYTICS_MESSAGES = {
  range: "Invalid Range: Choose 7d, 30d, 90d or all.",
} as const;

export const analyticsQuerySchema = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: ANALYTICS_MESSAGES.range }).default("30d").describe("Default: 30d"),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const loopAmount = z.string().describe("LOOP, 8 decimals");
const usdAmount = z.string().describe("USD, 2 decimals");

export const methodFiguresSchema = z.object({
  sales: z.number().int(),
  earningsLoop: loopAmount,
  earningsUsd: usdAmount,
});
export type MethodFigures = z.infer<typeof methodFiguresSchema>;

/** One set of `figures` per way of paying (the creator's and the admin's analytics). */
export const byPaymentMethod = <T extends z.ZodType>(figures: T) =>
  z.object({
    loop: figures.describe("Paid with in-app LOOP (purchases and accepted in-app offers)"),
    wallet: figures.describe("Paid from a wallet on chain (purchases and wallet offers)"),
    paypal: figures,
    card: figures,
  });

export const byMethodSchema = byPaymentMethod(methodFiguresSchema);

export const offerFiguresSchema = z.object({
  received: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  withdrawn: z.number().int(),
  expired: z.number().int(),
});

const figures = {
  plays: z.number().int(),
  downloads: z.number().int(),
  sales: z.number().int().describe("Sales that stand (refunded and reversed ones are taken out of their day)"),
  refunds: z.number().int().describe("Sales refunded or reversed, on the day of the refund"),
  earningsLoop: loopAmount.describe("The creator's proceeds (the price; the platform's fee is on top), LOOP, 8 decimals"),
  earningsUsd: usdAmount.describe("The creator's proceeds in USD as recorded at sale time, 2 decimals"),
  byMethod: byMethodSchema,
  offers: offerFiguresSchema.describe("Offers received on the day, and the outcomes of those offers"),
};

export const analyticsDaySchema = z.object({ date: z.string().describe("YYYY-MM-DD (UTC)"), ...figures });
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** Sales ÷ plays; null when the loop has no play in the range (the ratio is undefined). */
const conversion = z.number().nullable().describe("Sales ÷ plays, 4 decimals; null when plays = 0");

export const analyticsLoopSchema = z.object({
  id: z.string(),
  title: z.string(),
  plays: z.number().int(),
  downloads: z.number().int(),
  sales: z.number().int(),
  refunds: z.number().int(),
  earningsLoop: loopAmount,
  earningsUsd: usdAmount,
  conversion,
  offers: offerFiguresSchema,
});
export type AnalyticsLoop = z.infer<typeof analyticsLoopSchema>;

export const creatorAnalyticsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  from: z.string().describe("First day of the series, YYYY-MM-DD (UTC)"),
  to: z.string().describe("Last day of the series (today, UTC)"),
  totals: z.object({ ...figures, conversion }),
  days: z.array(analyticsDaySchema).describe("One entry per UTC day from `from` to `to`, zeros on days without activity"),
  loops: z.array(analyticsLoopSchema).describe("Every loop of the creator, most earnings first"),
});
export type CreatorAnalytics = z.infer<typeof creatorAnalyticsSchema>;

export const playResultSchema = z.object({
  counted: z
    .boolean()
    .describe(
      "false: not counted (this listener's play of this loop was counted within the hour, the loop is not listed, or it is the creator's)",
    ),
});
export type PlayResult = z.infer<typeof playResultSchema>;

/** The sales CSV's header row. */
export const SALES_CSV_COLUMNS = [
  "date",
  "loop",
  "format",
  "buyer",
  "method",
  "price_usd",
  "fee_usd",
  "proceeds_usd",
  "proceeds_loop",
  "status",
  "chain_transaction",
] as const;
