/** The periods of the analytics pages (creator and admin): their labels and how a sentence names them. */
import { ANALYTICS_RANGE_DAYS, type AnalyticsRange } from "@loop/rules/schemas/analytics";

export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  all: "All time",
};

/** "in the last 30 days", "so far" (all time). */
export function periodText(range: AnalyticsRange): string {
  return range === "all" ? "so far" : `in the last ${ANALYTICS_RANGE_DAYS[range]} days`;
}
