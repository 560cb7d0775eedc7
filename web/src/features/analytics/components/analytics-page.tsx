import { ANALYTICS_RANGES, type AnalyticsRange } from "@loop/rules/schemas/analytics";
import { BarChart3 } from "lucide-react";
import { useSearchParams } from "react-router";
import { MembersOnly, type MembersOnlyPageProps } from "@/components/members-only-page";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDayWithYear } from "@/components/charts/chart-format";
import { RangePicker } from "@/components/charts/range-picker";
import { useCreatorAnalytics } from "../api/get-creator-analytics";
import { AnalyticsTotals } from "./analytics-totals";
import { ConversionChart } from "./conversion-chart";
import { EarningsChart } from "./earnings-chart";
import { LoopsTable } from "./loops-table";
import { OffersSummary } from "./offers-summary";
import { PlaysChart } from "./plays-chart";
import { SalesCsvLink } from "./sales-csv-link";

export const DEFAULT_RANGE: AnalyticsRange = "30d";

export type AnalyticsPageProps = MembersOnlyPageProps;

/** /analytics (issue 23): the signed-in creator's plays, sales, earnings and offers; signed out, a sign-in prompt. */
export function AnalyticsPage(props: AnalyticsPageProps) {
  return (
    <MembersOnly
      {...props}
      loadingLabel="Loading your analytics"
      icon={BarChart3}
      signInText="Please sign in to see the analytics of your loops"
    >
      {() => <CreatorAnalytics />}
    </MembersOnly>
  );
}

/** The period in the address (`?range=7d`), so that a view can be shared and reloaded; 30 days by default. */
function useRange(): [AnalyticsRange, (range: AnalyticsRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("range");
  const range = ANALYTICS_RANGES.find((candidate) => candidate === asked) ?? DEFAULT_RANGE;
  const setRange = (next: AnalyticsRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_RANGE) updated.delete("range");
        else updated.set("range", next);
        return updated;
      },
      { replace: true },
    );
  return [range, setRange];
}

function CreatorAnalytics() {
  const [range, setRange] = useRange();
  const analytics = useCreatorAnalytics(range);
  const data = analytics.data;
  // While another period loads, the previous one stays, dimmed.
  const stale = analytics.isPlaceholderData;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="font-display text-4xl font-black tracking-tight">Analytics</h1>
          <p className="mt-2 max-w-xl text-muted-foreground">
            Plays, sales, earnings and offers of your loops, per UTC day
            {data && !stale ? ` (${formatDayWithYear(data.from)} to ${formatDayWithYear(data.to)})` : ""}.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-3">
          <RangePicker value={range} onChange={setRange} />
          <SalesCsvLink range={range} />
        </div>
      </header>

      {analytics.isError && !data ? (
        <LoadError message="Your analytics could not be loaded." onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <LoadingAnalytics />
      ) : (
        <div className={stale ? "grid gap-6 opacity-60 transition-opacity" : "grid gap-6 transition-opacity"} aria-busy={stale}>
          <AnalyticsTotals totals={data.totals} />
          <EarningsChart data={data} range={data.range} />
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <PlaysChart data={data} range={data.range} />
            <ConversionChart data={data} range={data.range} />
          </div>
          <LoopsTable loops={data.loops} range={data.range} />
          <OffersSummary offers={data.totals.offers} range={data.range} />
        </div>
      )}
    </div>
  );
}

function LoadingAnalytics() {
  return (
    <div className="grid gap-6" aria-label="Loading your analytics" aria-busy>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    </div>
  );
}
