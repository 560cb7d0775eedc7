import type { AnalyticsLoop } from "@loop/rules/schemas/analytics";
import { loopUnits } from "./analytics-format";

export type LoopSortKey = "plays" | "sales" | "earnings" | "conversion";
export type SortDirection = "ascending" | "descending";

function compare(a: AnalyticsLoop, b: AnalyticsLoop, key: LoopSortKey): number {
  switch (key) {
    case "plays":
      return a.plays - b.plays;
    case "sales":
      return a.sales - b.sales;
    case "earnings": {
      const left = loopUnits(a.earningsLoop);
      const right = loopUnits(b.earningsLoop);
      return left === right ? 0 : left < right ? -1 : 1;
    }
    case "conversion":
      return (a.conversion ?? 0) - (b.conversion ?? 0);
  }
}

/**
 * The loops in the order asked (earnings compared exactly, as LOOP units). A loop without plays has
 * no conversion: it comes last either way. Equals keep title order.
 */
export function sortLoops(loops: readonly AnalyticsLoop[], key: LoopSortKey, direction: SortDirection): AnalyticsLoop[] {
  const sign = direction === "ascending" ? 1 : -1;
  return [...loops].sort((a, b) => {
    if (key === "conversion" && (a.conversion === null) !== (b.conversion === null)) return a.conversion === null ? 1 : -1;
    return sign * compare(a, b, key) || a.title.localeCompare(b.title);
  });
}
