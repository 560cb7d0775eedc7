import {
  SALE_METHODS,
  type AnalyticsDay,
  type AnalyticsLoop,
  type AnalyticsRange,
  type CreatorAnalytics,
  type MethodFigures,
} from "@loop/rules/schemas/analytics";
import { formatLoop, formatUsd, parseLoop, parseUsd } from "@loop/rules/units";
import { fixture } from "@/testing/fixture";

const none: MethodFigures = { sales: 0, earningsLoop: "0.00000000", earningsUsd: "0.00" };
const noOffers = { received: 0, accepted: 0, declined: 0, withdrawn: 0, expired: 0 };
/** The figures a day and a loop share, when nothing happened. */
const noActivity = { ...none, plays: 0, downloads: 0, refunds: 0, offers: noOffers };

const count = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
const loop = (values: readonly string[]) => formatLoop(values.reduce((sum, text) => sum + parseLoop(text)!, 0n));
const usd = (values: readonly string[]) => formatUsd(values.reduce((sum, text) => sum + parseUsd(text)!, 0n));

/** Sales and earnings added up, LOOP and USD exactly. */
function addFigures(list: readonly MethodFigures[]): MethodFigures {
  return {
    sales: count(list.map((figures) => figures.sales)),
    earningsLoop: loop(list.map((figures) => figures.earningsLoop)),
    earningsUsd: usd(list.map((figures) => figures.earningsUsd)),
  };
}

/** The days' figures added up: the period's totals (but the conversion) as the API answers them. */
function addUp(days: readonly AnalyticsDay[]): Omit<CreatorAnalytics["totals"], "conversion"> {
  const of = <K extends keyof AnalyticsDay>(key: K) => days.map((day) => day[key]);
  return {
    ...addFigures(days),
    plays: count(of("plays")),
    downloads: count(of("downloads")),
    refunds: count(of("refunds")),
    byMethod: Object.fromEntries(
      SALE_METHODS.map((method) => [method, addFigures(days.map((day) => day.byMethod[method]))]),
    ) as AnalyticsDay["byMethod"],
    offers: Object.fromEntries(
      Object.keys(noOffers).map((key) => [key, count(days.map((day) => day.offers[key as keyof typeof noOffers]))]),
    ) as AnalyticsDay["offers"],
  };
}

/** A day without activity, or with the figures given. */
export function makeDay(date: string, overrides: Partial<AnalyticsDay> = {}): AnalyticsDay {
  return {
    date,
    ...noActivity,
    byMethod: { loop: none, wallet: none, paypal: none, card: none },
    ...overrides,
  };
}

export const makeAnalyticsLoop = fixture<AnalyticsLoop>(() => ({
  id: "7c000000-0000-4000-8000-000000000001",
  title: "Dusty Drums",
  ...noActivity,
  conversion: null,
}));

/**
 * Three days (Mar 2–4, 2026) of a creator with two loops: in-app and PayPal sales, a refund, plays,
 * downloads and offers. The totals add up the days.
 */
export function makeCreatorAnalytics(range: AnalyticsRange = "30d", overrides: Partial<CreatorAnalytics> = {}): CreatorAnalytics {
  const days = [
    makeDay("2026-03-02", {
      plays: 4,
      downloads: 1,
      sales: 1,
      earningsLoop: "1250.00000000",
      earningsUsd: "2.50",
      byMethod: { loop: { sales: 1, earningsLoop: "1250.00000000", earningsUsd: "2.50" }, wallet: none, paypal: none, card: none },
      offers: { received: 2, accepted: 1, declined: 1, withdrawn: 0, expired: 0 },
    }),
    makeDay("2026-03-03"),
    makeDay("2026-03-04", {
      plays: 16,
      downloads: 2,
      sales: 2,
      refunds: 1,
      earningsLoop: "3000.12345678",
      earningsUsd: "6.00",
      byMethod: {
        loop: { sales: 1, earningsLoop: "500.12345678", earningsUsd: "1.00" },
        wallet: none,
        paypal: { sales: 1, earningsLoop: "2500.00000000", earningsUsd: "5.00" },
        card: none,
      },
      offers: { received: 3, accepted: 0, declined: 0, withdrawn: 1, expired: 0 },
    }),
  ];
  return {
    range,
    from: "2026-03-02",
    to: "2026-03-04",
    totals: { ...addUp(days), conversion: 0.15 },
    days,
    loops: [
      makeAnalyticsLoop({
        id: "7c000000-0000-4000-8000-000000000001",
        title: "Dusty Drums",
        plays: 5,
        downloads: 1,
        sales: 1,
        earningsLoop: "2500.00000000",
        earningsUsd: "5.00",
        conversion: 0.2,
        offers: { received: 1, accepted: 0, declined: 0, withdrawn: 1, expired: 0 },
      }),
      makeAnalyticsLoop({
        id: "7c000000-0000-4000-8000-000000000002",
        title: "Neon Keys",
        plays: 15,
        downloads: 2,
        sales: 2,
        refunds: 1,
        earningsLoop: "1750.12345678",
        earningsUsd: "3.50",
        conversion: 0.1333,
        offers: { received: 4, accepted: 1, declined: 1, withdrawn: 0, expired: 0 },
      }),
      makeAnalyticsLoop({ id: "7c000000-0000-4000-8000-000000000003", title: "Quiet Sketch" }),
    ],
    ...overrides,
  };
}

/** A creator with loops but nothing in the period. */
export function makeEmptyAnalytics(range: AnalyticsRange = "7d"): CreatorAnalytics {
  const days = ["2026-03-02", "2026-03-03", "2026-03-04"].map((date) => makeDay(date));
  return {
    range,
    from: "2026-03-02",
    to: "2026-03-04",
    totals: { ...addUp(days), conversion: null },
    days,
    loops: [makeAnalyticsLoop()],
  };
}
