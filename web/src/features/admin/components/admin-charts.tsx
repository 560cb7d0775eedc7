import type { AnalyticsRange } from "@loop/rules/schemas/analytics";
import { useState } from "react";
import { formatDayWithYear } from "@/components/charts/chart-format";
import { RangePicker } from "@/components/charts/range-picker";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminAnalytics } from "../api/get-admin-analytics";
import { MembersChart, UploadsChart, WithdrawalsChart } from "./admin-activity-charts";
import { AdminSalesChart } from "./admin-sales-chart";
import { MoneyHealth } from "./money-health-card";

export const DEFAULT_ADMIN_RANGE: AnalyticsRange = "30d";

/**
 * The Overview's charts (GET /api/admin/analytics): sales volume and fees by way of paying, members,
 * uploads, withdrawals, then the money's health per chain, for the period picked.
 */
export function AdminCharts() {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ADMIN_RANGE);
  const analytics = useAdminAnalytics(range);
  const data = analytics.data;
  // While another period loads, the previous one stays, dimmed.
  const stale = analytics.isPlaceholderData;

  return (
    <section aria-labelledby="admin-activity-title" className="grid gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="admin-activity-title" className="text-xl font-semibold tracking-tight">
            Platform activity
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Per UTC day{data && !stale ? `, ${formatDayWithYear(data.from)} to ${formatDayWithYear(data.to)}` : ""}.
          </p>
        </div>
        <RangePicker value={range} onChange={setRange} />
      </header>
      {analytics.isError && !data ? (
        <LoadError message="The platform's charts could not be loaded." onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <div role="status" className="grid gap-6" aria-label="Loading the platform's charts" aria-busy>
          <div className="grid gap-6 xl:grid-cols-2">
            <Skeleton className="h-80 rounded-xl" />
            <Skeleton className="h-80 rounded-xl" />
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <Skeleton className="h-72 rounded-xl" />
            <Skeleton className="h-72 rounded-xl" />
            <Skeleton className="h-72 rounded-xl" />
          </div>
        </div>
      ) : (
        <div className={stale ? "grid gap-6 opacity-60 transition-opacity" : "grid gap-6 transition-opacity"} aria-busy={stale}>
          <div className="grid min-w-0 gap-6 xl:grid-cols-2">
            <AdminSalesChart data={data} range={data.range} measure="volume" />
            <AdminSalesChart data={data} range={data.range} measure="fees" />
          </div>
          <div className="grid min-w-0 gap-6 lg:grid-cols-3">
            <MembersChart data={data} range={data.range} />
            <UploadsChart data={data} range={data.range} />
            <WithdrawalsChart data={data} range={data.range} />
          </div>
          <MoneyHealth data={data} range={data.range} />
        </div>
      )}
    </section>
  );
}
