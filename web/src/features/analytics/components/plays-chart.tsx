import type { AnalyticsRange, CreatorAnalytics } from "@loop/rules/schemas/analytics";
import { Play } from "lucide-react";
import { ChartFrame } from "@/components/charts/chart-frame";
import { formatCompact, formatDayWithYear } from "@/components/charts/chart-format";
import { fieldSeries } from "@/components/charts/chart-types";
import { LineChart } from "@/components/charts/line-chart";
import { SeriesTable } from "@/components/charts/series-table";
import { countText, formatCount } from "@/lib/format";
import { periodText } from "../lib/analytics-format";
import { ACTIVITY_KEYS, busiestDay } from "../lib/analytics-series";

/** Plays and downloads per day. */
export function PlaysChart({ data, range }: { data: CreatorAnalytics; range: AnalyticsRange }) {
  const { totals } = data;
  const series = fieldSeries(data.days, ACTIVITY_KEYS);
  const busiest = busiestDay(data.days);
  return (
    <ChartFrame
      id="analytics-plays-title"
      title="Plays and downloads"
      icon={<Play className="size-5 text-violet-300" aria-hidden />}
      description="A play is a preview played past 5 seconds, counted once per listener and hour; your own plays do not count."
      empty={
        totals.plays === 0 && totals.downloads === 0
          ? `No plays or downloads ${periodText(range)}. Plays appear here once listeners play a preview past 5 seconds, and downloads once members download your loops.`
          : undefined
      }
      summary={
        <>
          {countText(totals.plays, "play")} and {countText(totals.downloads, "download")} {periodText(range)}.
          {busiest ? ` Most plays on ${formatDayWithYear(busiest.date)} (${formatCount(busiest.plays)}).` : ""}
        </>
      }
      table={<SeriesTable caption="Plays and downloads per day" data={series} keys={ACTIVITY_KEYS} formatValue={formatCount} />}
    >
      <LineChart data={series} keys={ACTIVITY_KEYS} label="Plays and downloads per day" formatValue={formatCompact} />
    </ChartFrame>
  );
}
