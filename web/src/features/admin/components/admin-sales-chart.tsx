import type { AdminAnalytics } from "@loop/rules/schemas/admin-analytics";
import { SALE_METHODS, type AnalyticsRange } from "@loop/rules/schemas/analytics";
import { Coins, Percent } from "lucide-react";
import { useState } from "react";
import { ChartFrame } from "@/components/charts/chart-frame";
import { formatCompact, usdTick } from "@/components/charts/chart-format";
import { periodText } from "@/components/charts/chart-range";
import { ChartToggle } from "@/components/charts/chart-toggle";
import { SeriesTable } from "@/components/charts/series-table";
import { StackedBarChart } from "@/components/charts/stacked-bar-chart";
import { SALE_METHOD_KEYS } from "@/components/charts/sale-method-keys";
import { countText } from "@/lib/format";
import {
  methodAmount,
  methodsTotal,
  MONEY_UNITS,
  type MoneyUnit,
  moneyText,
  salesSeries,
  type SalesMeasure,
} from "../lib/admin-analytics-series";

const TEXTS: Record<SalesMeasure, { title: string; description: string; caption: string; icon: typeof Coins }> = {
  volume: {
    title: "Sales volume per day",
    description:
      "What buyers paid (the platform's fee included), by way of paying. PayPal and card are converted at the one rate. Refunds and reversals are taken out of the day of the sale.",
    caption: "Sales volume per day",
    icon: Coins,
  },
  fees: {
    title: "Platform fees per day",
    description: "The platform's fee on each sale (the format fee on top of the price), by way of paying.",
    caption: "Platform fees per day",
    icon: Percent,
  },
};

/** Sales volume or platform fees per day, stacked by way of paying (in-app LOOP, wallet, PayPal, card), in USD or LOOP. */
export function AdminSalesChart({ data, range, measure }: { data: AdminAnalytics; range: AnalyticsRange; measure: SalesMeasure }) {
  const [unit, setUnit] = useState<MoneyUnit>("usd");
  const { totals } = data;
  const texts = TEXTS[measure];
  const Icon = texts.icon;
  const sales = SALE_METHODS.reduce((sum, method) => sum + totals.byMethod[method].sales, 0);
  const unitName = unit === "usd" ? "USD" : "LOOP";
  const series = salesSeries(data.days, measure, unit);
  const methods = SALE_METHOD_KEYS.filter((item) => totals.byMethod[item.key].sales > 0).map((item) => {
    const figures = totals.byMethod[item.key];
    return `${item.label} ${moneyText(methodAmount(figures, measure, unit), unit)} (${countText(figures.sales, "sale")})`;
  });
  const total = moneyText(methodsTotal(totals.byMethod, measure, unit), unit);

  return (
    <ChartFrame
      id={`admin-${measure}-title`}
      title={texts.title}
      icon={<Icon className="size-5 text-amber-300" aria-hidden />}
      description={texts.description}
      empty={
        sales === 0
          ? `No sales ${periodText(range)}. ${measure === "volume" ? "Volume" : "Fees"} appear here, by way of paying (in-app LOOP, wallet, PayPal, card), on the day a member pays for a loop.`
          : undefined
      }
      actions={<ChartToggle label={`Currency of ${texts.title.toLowerCase()}`} options={MONEY_UNITS} value={unit} onChange={setUnit} />}
      summary={
        <>
          {measure === "volume" ? `Members paid ${total}` : `The platform earned ${total} in fees`} on {countText(sales, "sale")}{" "}
          {periodText(range)}
          {methods.length > 0 ? `: ${methods.join(", ")}` : ""}.
        </>
      }
      table={
        <SeriesTable
          caption={`${texts.caption} in ${unitName}, by way of paying`}
          data={series}
          keys={SALE_METHOD_KEYS}
          formatValue={unit === "usd" ? usdTick : formatCompact}
          totalLabel="Total"
        />
      }
    >
      <StackedBarChart
        data={series}
        keys={SALE_METHOD_KEYS}
        label={`${texts.caption} in ${unitName}, stacked by way of paying`}
        formatValue={unit === "usd" ? usdTick : formatCompact}
      />
    </ChartFrame>
  );
}
