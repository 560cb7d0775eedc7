import type { AnalyticsRange, CreatorAnalytics } from "@loop/rules/schemas/analytics";
import { Percent } from "lucide-react";
import { BarListChart } from "@/components/charts/bar-list-chart";
import { ChartFrame } from "@/components/charts/chart-frame";
import { CHART_COLORS } from "@/components/charts/chart-types";
import { ScrollTable } from "@/components/ui/table";
import { countText, formatCount } from "@/lib/format";
import { conversionText, periodText } from "../lib/analytics-format";

/** How many loops the chart ranks; the table lists them all. */
const SHOWN = 8;

/** Conversion (sales ÷ plays) per loop, the loops with plays ranked best first. */
export function ConversionChart({ data, range }: { data: CreatorAnalytics; range: AnalyticsRange }) {
  const played = data.loops
    .filter((loop) => loop.conversion !== null)
    .sort((a, b) => (b.conversion ?? 0) - (a.conversion ?? 0) || b.plays - a.plays || a.title.localeCompare(b.title));
  const best = played[0];
  const unplayed = data.loops.length - played.length;
  const { totals } = data;

  return (
    <ChartFrame
      id="analytics-conversion-title"
      title="Conversion per loop"
      icon={<Percent className="size-5 text-emerald-300" aria-hidden />}
      description="Sales ÷ plays of each loop with plays. Sales can come without a play (a shared link, a wallet)."
      empty={
        played.length === 0
          ? `No plays ${periodText(range)}. Conversion (sales ÷ plays) appears here for each loop once listeners play its preview past 5 seconds.`
          : undefined
      }
      summary={
        <>
          Overall {conversionText(totals.conversion)} ({countText(totals.sales, "sale")} of {countText(totals.plays, "play")}){" "}
          {periodText(range)}.{best ? ` Best: ${best.title} at ${conversionText(best.conversion)}.` : ""}
          {played.length > SHOWN ? ` The chart shows the top ${SHOWN} of ${formatCount(played.length)} loops with plays.` : ""}
          {unplayed > 0 ? ` ${countText(unplayed, "loop")} without plays ${unplayed === 1 ? "is" : "are"} left out.` : ""}
        </>
      }
      table={
        <ScrollTable
          caption="Conversion per loop"
          className="w-full min-w-md text-sm"
          columns={[
            { label: "Loop", className: "px-3 py-2 text-left" },
            { label: "Plays", className: "px-3 py-2 text-right" },
            { label: "Sales", className: "px-3 py-2 text-right" },
            { label: "Conversion", className: "px-3 py-2 text-right" },
          ]}
        >
          {played.map((loop) => (
            <tr key={loop.id} className="border-b border-border/60 last:border-0">
              <th scope="row" className="max-w-60 truncate px-3 py-1.5 text-left font-medium">
                {loop.title}
              </th>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(loop.plays)}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(loop.sales)}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{conversionText(loop.conversion)}</td>
            </tr>
          ))}
        </ScrollTable>
      }
    >
      <BarListChart
        label="Conversion per loop, best first"
        color={CHART_COLORS.success}
        items={played.slice(0, SHOWN).map((loop) => ({
          id: loop.id,
          label: loop.title,
          value: loop.conversion ?? 0,
          display: conversionText(loop.conversion),
          detail: `${countText(loop.sales, "sale")} of ${countText(loop.plays, "play")}`,
        }))}
      />
    </ChartFrame>
  );
}
