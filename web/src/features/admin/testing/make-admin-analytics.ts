/** Test data of GET /api/admin/analytics (imported by tests only). */
import type {
  AdminAnalytics,
  AdminAnalyticsDay,
  ChargebackLossSeller,
  MethodVolume,
  MoneyHealthChain,
  MoneyHealthSample,
} from "@loop/rules/schemas/admin-analytics";
import type { AnalyticsRange } from "@loop/rules/schemas/analytics";
import { fixture } from "@/testing/fixture";

const none: MethodVolume = { sales: 0, volumeUsd: "0.00", feesUsd: "0.00", volumeLoop: "0.00000000", feesLoop: "0.00000000" };
const noWithdrawals = { count: 0, amountLoop: "0.00000000" };

/** A day without activity, or with the figures given. */
export function makeAdminDay(date: string, overrides: Partial<Omit<AdminAnalyticsDay, "date">> = {}): AdminAnalyticsDay {
  return {
    date,
    byMethod: { loop: none, wallet: none, paypal: none, card: none },
    newMembers: 0,
    activeMembers: 0,
    uploads: 0,
    processingFailures: 0,
    withdrawalsRequested: noWithdrawals,
    withdrawalsPaid: noWithdrawals,
    ...overrides,
  };
}

export function makeSample(at: string, reserveLoop: string, liabilityLoop: string, gapLoop: string): MoneyHealthSample {
  return { at, reserveLoop, liabilityLoop, gapLoop };
}

/** The local chain: three hourly samples, the last with a gap of -12.5 LOOP (two causes), deposits and a payout. */
export const makeMoneyHealthChain = fixture<MoneyHealthChain>(() => ({
  chainId: 31337,
  chainName: "Hardhat (local)",
  samples: [
    makeSample("2026-03-04T10:00:00.000Z", "1000000.00000000", "1000000.00000000", "0.00000000"),
    makeSample("2026-03-04T11:00:00.000Z", "1000500.00000000", "1000500.00000000", "0.00000000"),
    makeSample("2026-03-04T12:00:00.000Z", "1000487.50000000", "1000500.00000000", "-12.50000000"),
  ],
  days: [
    { date: "2026-03-02", depositsInLoop: "0.00000000", payoutsOutLoop: "0.00000000" },
    { date: "2026-03-03", depositsInLoop: "0.00000000", payoutsOutLoop: "0.00000000" },
    { date: "2026-03-04", depositsInLoop: "500.00000000", payoutsOutLoop: "12.50000000" },
  ],
  settlementLag: { blocks: 2, seconds: 3 },
  gap: {
    amountLoop: "-12.50000000",
    causes: [
      { code: "payouts_unsettled", label: "Payouts not settled yet (withdrawals in flight)", amountLoop: "-10.00000000" },
      {
        code: "unexplained",
        label: "Not explained by a known cause (events not indexed yet, or LOOP moved outside the app)",
        amountLoop: "-2.50000000",
      },
    ],
  },
}));

/**
 * Three days (Mar 2–4, 2026): in-app LOOP, wallet and card sales on Mar 4 (a $1.00 loop: MP3 +2%,
 * WAV +4%), members, uploads, withdrawals; the local chain's money health. The totals add up the days.
 */
export function makeAdminAnalytics(range: AnalyticsRange = "30d", overrides: Partial<AdminAnalytics> = {}): AdminAnalytics {
  const loop: MethodVolume = { sales: 1, volumeUsd: "1.02", feesUsd: "0.02", volumeLoop: "510.00000000", feesLoop: "10.00000000" };
  const wallet: MethodVolume = { sales: 1, volumeUsd: "1.04", feesUsd: "0.04", volumeLoop: "520.00000000", feesLoop: "20.00000000" };
  const card: MethodVolume = { sales: 2, volumeUsd: "2.08", feesUsd: "0.08", volumeLoop: "1040.00000000", feesLoop: "40.00000000" };
  const days = [
    makeAdminDay("2026-03-02", { newMembers: 3, activeMembers: 2, uploads: 1 }),
    makeAdminDay("2026-03-03", {
      activeMembers: 4,
      uploads: 2,
      processingFailures: 1,
      withdrawalsRequested: { count: 1, amountLoop: "1000.00000000" },
    }),
    makeAdminDay("2026-03-04", {
      byMethod: { loop, wallet, paypal: none, card },
      newMembers: 1,
      activeMembers: 5,
      withdrawalsPaid: { count: 1, amountLoop: "1000.00000000" },
    }),
  ];
  return {
    range,
    from: "2026-03-02",
    to: "2026-03-04",
    totals: {
      byMethod: { loop, wallet, paypal: none, card },
      newMembers: 4,
      activeMembers: 11,
      uploads: 3,
      processingFailures: 1,
      withdrawalsRequested: { count: 1, amountLoop: "1000.00000000" },
      withdrawalsPaid: { count: 1, amountLoop: "1000.00000000" },
    },
    days,
    moneyHealth: [makeMoneyHealthChain()],
    chargebackLosses: [],
    ...overrides,
  };
}

/** A seller whose two card sales were charged back after their hold (the second suspended their withdrawals). */
export const makeChargebackLossSeller = fixture<ChargebackLossSeller>(() => ({
  sellerId: "00000000-0000-4000-8000-0000000000d1",
  username: "colluder",
  amountLoop: "4990.00000000",
  amountUsd: "9.98",
  count: 2,
  chargebacks: 2,
  withdrawalsSuspendedAt: "2026-03-04T12:00:00.000Z",
}));

/** A platform with nothing in the period and no chain with contracts. */
export function makeEmptyAdminAnalytics(range: AnalyticsRange = "7d"): AdminAnalytics {
  const days = ["2026-03-02", "2026-03-03", "2026-03-04"].map((date) => makeAdminDay(date));
  const { date: _date, ...totals } = makeAdminDay("2026-03-04");
  return { range, from: "2026-03-02", to: "2026-03-04", totals, days, moneyHealth: [], chargebackLosses: [] };
}
