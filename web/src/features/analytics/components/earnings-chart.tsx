import { SALE_METHODS, type AnalyticsRange, type CreatorAnalytics } from "@loop/rules/schemas/analytics";
import { Coins } from "lucide-react";
import { useState } from "react";
import { ChartFrame } from "@/components/charts/chart-frame";
import { ChartToggle } from "@/components/charts/chart-toggle";
import { formatCompact, formatDayWithYear } from "@/components/charts/chart-format";
import { SeriesTable } from "@/components/charts/series-table";
import { StackedBarChart } from "@/components/charts/stacked-bar-chart";
import { LoopAmount } from "@/components/ui/loop-amount";
import { countText, loopText } from "@/lib/format";
import { usdTick } from "@/components/charts/chart-format";
import { SALE_METHOD_KEYS } from "@/components/charts/sale-method-keys";
import { usdText } from "@/lib/loop-amounts";
import { loopUnits, periodText } from "../lib/analytics-format";
import { bestEarningDay, earningsSeries, type EarningsUnit } from "../lib/analytics-series";

const UNITS: readonly { id: EarningsUnit; label: string }[] = [
  { id: "loop", label: "LOOP" },
  { id: "usd", label: "USD" },
];

/** Earnings per day, stacked by way of paying (in-app LOOP, wallet, PayPal, card), in LOOP or USD. */
export function EarningsChart({ data, range }: { data: CreatorAnalytics; range: AnalyticsRange }) {
  const [unit, setUnit] = useState<EarningsUnit>("loop");
  const { totals } = data;
  const series = earningsSeries(data.days, unit);
  const nothing = totals.sales === 0 && totals.refunds === 0 && loopUnits(totals.earningsLoop) === 0n;
  const best = bestEarningDay(data.days);
  const methods = SALE_METHODS.filter((method) => totals.byMethod[method].sales > 0).map((method) => {
    const figures = totals.byMethod[method];
    const label = SALE_METHOD_KEYS.find((item) => item.key === method)!.label;
    return `${label} ${loopText(figures.earningsLoop)} (${countText(figures.sales, "sale")})`;
  });

  const summary = (
    <>
      Earned <LoopAmount value={totals.earningsLoop} /> ({usdText(totals.earningsUsd)}) from {countText(totals.sales, "sale")}{" "}
      {periodText(range)}
      {methods.length > 0 ? `: ${methods.join(", ")}` : ""}.{totals.refunds > 0 ? ` ${countText(totals.refunds, "refund")} taken out.` : ""}
      {best ? ` Best day: ${formatDayWithYear(best.date)} with ${loopText(best.earningsLoop)}.` : ""}
    </>
  );

  return (
    <ChartFrame
      id="analytics-earnings-title"
      title="Earnings per day"
      icon={<Coins className="size-5 text-amber-300" aria-hidden />}
      description="What buyers paid you (the platform's fee is on top), by way of paying. Refunds are taken out of the day of the sale."
      empty={
        nothing
          ? `No sales ${periodText(range)}. Earnings appear here, by way of paying (in-app LOOP, wallet, PayPal, card), on the day a buyer pays for one of your loops.`
          : undefined
      }
      actions={<ChartToggle label="Currency" options={UNITS} value={unit} onChange={setUnit} />}
      summary={summary}
      table={
        <SeriesTable
          caption={`Earnings per day in ${unit === "loop" ? "LOOP" : "USD"}, by way of paying`}
          data={series}
          keys={SALE_METHOD_KEYS}
          formatValue={unit === "loop" ? formatCompact : usdTick}
          totalLabel="Total"
        />
      }
    >
      <StackedBarChart
        data={series}
        keys={SALE_METHOD_KEYS}
        label={`Earnings per day in ${unit === "loop" ? "LOOP" : "USD"}, stacked by way of paying`}
        formatValue={unit === "loop" ? formatCompact : usdTick}
      />
    </ChartFrame>
  );
}
