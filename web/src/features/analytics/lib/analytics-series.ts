/** The chart series of GET /api/analytics/creator's days (money as numbers to draw, exact text to show). */
import type { AnalyticsDay, SaleMethod } from "@loop/rules/schemas/analytics";
import { CHART_COLORS, type ChartDatum, type ChartKey } from "@/components/charts/chart-types";
import { saleMethodDatum } from "@/components/charts/sale-method-keys";
import { loopText } from "@/lib/format";
import { usdText } from "@/lib/loop-amounts";
import { loopUnits } from "./analytics-format";

export type EarningsUnit = "loop" | "usd";

export type ActivityKey = "plays" | "downloads";

export const ACTIVITY_KEYS: readonly ChartKey<ActivityKey>[] = [
  { key: "plays", label: "Plays", color: CHART_COLORS.primary },
  { key: "downloads", label: "Downloads", color: CHART_COLORS.highlight },
];

/** Earnings per day stacked by way of paying, in LOOP or in USD. */
export function earningsSeries(days: readonly AnalyticsDay[], unit: EarningsUnit): ChartDatum<SaleMethod>[] {
  const amount = (figures: { earningsLoop: string; earningsUsd: string }) => (unit === "loop" ? figures.earningsLoop : figures.earningsUsd);
  const text = unit === "loop" ? loopText : usdText;
  return days.map((day) =>
    saleMethodDatum(
      day.date,
      (method) => amount(day.byMethod[method]),
      (value) => text(value),
      text(amount(day)),
    ),
  );
}

/** The day with the most LOOP earned (the first of equals), or null when nothing was earned. */
export function bestEarningDay(days: readonly AnalyticsDay[]): AnalyticsDay | null {
  let best: AnalyticsDay | null = null;
  for (const day of days) {
    if (loopUnits(day.earningsLoop) > (best ? loopUnits(best.earningsLoop) : 0n)) best = day;
  }
  return best;
}

/** The day with the most plays (the first of equals), or null when there was no play. */
export function busiestDay(days: readonly AnalyticsDay[]): AnalyticsDay | null {
  let best: AnalyticsDay | null = null;
  for (const day of days) if (day.plays > (best?.plays ?? 0)) best = day;
  return best;
}
