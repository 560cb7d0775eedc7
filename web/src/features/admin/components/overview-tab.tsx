import { Activity, DollarSign, Music, Users } from "lucide-react";
import { LoadError } from "@/components/ui/load-error";
import { formatCount } from "@/lib/format";
import { useAdminStats } from "../api/get-admin-stats";
import { usdText } from "../lib/admin-format";
import { AdminCharts } from "./admin-charts";
import { PoolPriceCard } from "./pool-price-card";
import { SettlementDiscrepanciesCard } from "./settlement-discrepancies-card";
import { StatCard } from "@/components/ui/stat-card";

/**
 * Overview: Total Users, Total Loops, Total Revenue, Active Users; then the settlement discrepancies
 * still open (rare, and each needs an admin: seen before the charts); the exchange pool's LOOP price beside the
 * platform's rate; below them the platform's charts.
 */
export function OverviewTab() {
  return (
    <div className="grid gap-8">
      <OverviewFigures />
      <SettlementDiscrepanciesCard />
      <PoolPriceCard />
      <AdminCharts />
    </div>
  );
}

function OverviewFigures() {
  const stats = useAdminStats();
  if (stats.isError) return <LoadError message="The platform figures could not be loaded." onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Total Users" icon={Users} value={data ? formatCount(data.totalUsers) : null} />
      <StatCard label="Total Loops" icon={Music} value={data ? formatCount(data.totalLoops) : null} hint="Loops and tracks, every state" />
      <StatCard
        label="Total Revenue"
        icon={DollarSign}
        value={data ? usdText(data.totalRevenue) : null}
        hint="Price and fees of paid purchases"
      />
      <StatCard label="Active Users" icon={Activity} value={data ? formatCount(data.activeUsers) : null} hint="Seen in the last 30 days" />
    </div>
  );
}
