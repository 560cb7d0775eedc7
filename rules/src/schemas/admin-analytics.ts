/**
 * Admin analytics (issue 23, the Overview tab's charts): GET /api/admin/analytics?range=7d|30d|90d|all.
 * The platform's figures per UTC day — sales volume and fees by way of paying, new and active members,
 * uploads and processing failures, withdrawals requested and paid — and, per chain, the money's health:
 * the vault's reserve beside the ledger's liability (sampled hourly), deposits in and payouts out per
 * day, the settlement lag and the latest gap with its causes (docs/decisions.md "Issue 23 — admin
 * analytics (API)"). Money: LOOP as 8-decimal strings, USD as 2-decimal strings.
 */
import { z } from "zod";
import { ANALYTICS_RANGES, analyticsQuerySchema, byPaymentMethod } from "./analytics";

/** The same range, default and messages as the creator's analytics. */
export const adminAnalyticsQuerySchema = analyticsQuerySchema;
export type AdminAnalyticsQuery = z.output<typeof adminAnalyticsQuerySchema>;

/** The part of a gap no known cause explains (events not indexed yet, or LOOP moved outside the app). */
export const MONEY_HEALTH_UNEXPLAINED = {
  code: "unexplained",
  label: "Not explained by a known cause (events not indexed yet, or LOOP moved outside the app)",
} as const;

const loopAmount = z.string().describe("LOOP, 8 decimals");
const usdAmount = z.string().describe("USD, 2 decimals");
const count = z.number().int();

/** The most sellers with chargeback losses the money health lists. */
export const CHARGEBACK_LOSS_SELLERS_MAX = 50;

export const methodVolumeSchema = z.object({
  sales: count.describe("Sales that stand (refunded and reversed ones are taken out of their day)"),
  volumeUsd: usdAmount.describe("What the buyers paid, the platform's fee included (price + fee as recorded at sale time)"),
  feesUsd: usdAmount.describe("The platform's fees"),
  volumeLoop: loopAmount.describe(
    "What the buyers paid in LOOP (fee included): the LOOP paid, or the USD at the one rate for PayPal and card",
  ),
  feesLoop: loopAmount.describe("The platform's fees at the one rate"),
});
export type MethodVolume = z.infer<typeof methodVolumeSchema>;

export const adminByMethodSchema = byPaymentMethod(methodVolumeSchema);

export const withdrawalFiguresSchema = z.object({ count, amountLoop: loopAmount });
export type WithdrawalFigures = z.infer<typeof withdrawalFiguresSchema>;

const dayFigures = {
  byMethod: adminByMethodSchema,
  newMembers: count.describe("Accounts created"),
  activeMembers: count.describe(
    "Members who made at least one signed-in request on the day; in `totals`, the sum of the days (member-days)",
  ),
  uploads: count.describe("Loops uploaded (created)"),
  processingFailures: count.describe("Loops whose audio processing ended failed"),
  withdrawalsRequested: withdrawalFiguresSchema.describe("Withdrawals requested, by the day they were requested"),
  withdrawalsPaid: withdrawalFiguresSchema.describe("Withdrawals completed (paid), by the day they were completed"),
};

export const adminAnalyticsDaySchema = z.object({ date: z.string().describe("YYYY-MM-DD (UTC)"), ...dayFigures });
export type AdminAnalyticsDay = z.infer<typeof adminAnalyticsDaySchema>;

export const adminAnalyticsTotalsSchema = z.object(dayFigures);
export type AdminAnalyticsTotals = z.infer<typeof adminAnalyticsTotalsSchema>;

export const moneyHealthSampleSchema = z.object({
  at: z.string().describe("The hour of the sample (ISO 8601, UTC)"),
  reserveLoop: loopAmount.describe("LoopVault.reserve() on chain"),
  liabilityLoop: loopAmount.describe("The ledger's vault liability for this chain (GET /api/admin/vault/backing)"),
  gapLoop: loopAmount.describe("reserve − liability; negative when the reserve is short"),
});
export type MoneyHealthSample = z.infer<typeof moneyHealthSampleSchema>;

export const moneyHealthCauseSchema = z.object({
  code: z.string().describe("A cause code of GET /api/admin/vault/backing, or `unexplained`"),
  label: z.string(),
  amountLoop: loopAmount.describe("What this cause adds to the gap; negative when it makes the reserve short"),
});
export type MoneyHealthCause = z.infer<typeof moneyHealthCauseSchema>;

export const moneyHealthDaySchema = z.object({
  date: z.string().describe("YYYY-MM-DD (UTC)"),
  depositsInLoop: loopAmount.describe("Deposits credited to members by the settlement on the day"),
  payoutsOutLoop: loopAmount.describe("`loop` withdrawals paid out of this chain's vault, completed on the day"),
});
export type MoneyHealthDay = z.infer<typeof moneyHealthDaySchema>;

export const moneyHealthChainSchema = z.object({
  chainId: count,
  chainName: z.string(),
  samples: z
    .array(moneyHealthSampleSchema)
    .describe("Hourly within the range (for all: the last sample of each UTC day), oldest first; hours without a sample are absent"),
  days: z.array(moneyHealthDaySchema).describe("Every day of the range, zeros included"),
  settlementLag: z
    .object({
      blocks: count.nullable().describe("Blocks between the chain's head and the last indexed block; null when either is unknown"),
      seconds: count
        .nullable()
        .describe("Age of the oldest indexed event waiting to be settled (0 when none waits); null when the indexer has nothing"),
    })
    .describe("As of the latest sample (the figures of /metrics)"),
  gap: z
    .object({
      amountLoop: loopAmount.describe("reserve − liability"),
      causes: z.array(moneyHealthCauseSchema).describe("The known causes with an amount, and what they leave unexplained"),
    })
    .nullable()
    .describe("From the latest sample; null when the reserve equals the liability (or there is no sample yet)"),
});
export type MoneyHealthChain = z.infer<typeof moneyHealthChainSchema>;

/** A seller whose card or PayPal sales were reversed after their hold: the platform bore the price (docs/product.md#sale-hold). */
export const chargebackLossSellerSchema = z.object({
  sellerId: z.string().uuid(),
  username: z.string(),
  amountLoop: loopAmount.describe("The prices the platform bore (chargeback_losses), at the one rate"),
  amountUsd: usdAmount,
  count: count.describe("Sales reversed after their hold"),
  chargebacks: count.describe("Payments for their sales disputed (chargebacks), inside or after the hold"),
  withdrawalsSuspendedAt: z.string().nullable().describe("When their withdrawals were suspended; null: not suspended"),
});
export type ChargebackLossSeller = z.infer<typeof chargebackLossSellerSchema>;

export const adminAnalyticsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  from: z.string().describe("First day of the series, YYYY-MM-DD (UTC)"),
  to: z.string().describe("Last day of the series (today, UTC)"),
  totals: adminAnalyticsTotalsSchema.describe("The days summed"),
  days: z.array(adminAnalyticsDaySchema).describe("One entry per UTC day from `from` to `to`, zeros on days without activity"),
  moneyHealth: z.array(moneyHealthChainSchema).describe("Per configured chain with contracts"),
  chargebackLosses: z
    .array(chargebackLossSellerSchema)
    .describe(`Sellers with chargeback losses (whatever the range), the largest loss first, at most ${CHARGEBACK_LOSS_SELLERS_MAX}`),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
