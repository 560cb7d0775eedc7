import type { PublicStats } from "@loop/rules/api-types";
import { Coins, Disc3, Mic2, RefreshCw, Users } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { LoopAmount } from "@/components/ui/loop-amount";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";

interface StatItem {
  key: string;
  label: string;
  icon: LucideIcon;
  value: (stats: PublicStats) => ReactNode;
}

const STATS: StatItem[] = [
  { key: "members", label: "Members", icon: Users, value: (s) => formatCount(s.totalUsers) },
  { key: "creators", label: "Creators", icon: Mic2, value: (s) => formatCount(s.totalCreators) },
  { key: "loops", label: "Loops", icon: Disc3, value: (s) => formatCount(s.totalLoops) },
  { key: "tokens-earned", label: "LOOP earned", icon: Coins, value: (s) => <LoopAmount value={s.tokensEarned} unit={false} /> },
];

export interface StatsSectionProps {
  stats: PublicStats | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** Live platform figures from GET /api/stats/public (honest zeros on an empty platform). */
export function StatsSection({ stats, isLoading, isError, onRetry }: StatsSectionProps) {
  return (
    <section className="render-when-visible mx-auto w-full max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="stats-title">
      <div className="rounded-2xl border border-border bg-gradient-to-br from-card via-card/80 to-primary/10 p-8 sm:p-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-widest text-highlight uppercase">Live on LOOP</p>
            <h2 id="stats-title" className="mt-2 font-display text-3xl font-black tracking-tight">
              Platform statistics
            </h2>
          </div>
          <p className="text-sm text-muted-foreground">Real figures, updated as creators join and sell.</p>
        </div>

        {isError ? (
          <div
            role="alert"
            className="mt-8 flex flex-wrap items-center gap-4 rounded-lg border border-border bg-surface p-5 text-sm text-muted-foreground"
          >
            Statistics are unavailable right now.
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RefreshCw aria-hidden />
              Try again
            </Button>
          </div>
        ) : (
          <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {STATS.map(({ key, label, icon: Icon, value }) => (
              <div key={key} className="rounded-xl border border-border bg-surface/80 p-5" data-testid={`stat-${key}`}>
                <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Icon className="size-4 text-violet-300" aria-hidden />
                  {label}
                </dt>
                <dd className="mt-3 font-display text-3xl font-extrabold tabular-nums">
                  {isLoading || !stats ? <Skeleton className="h-9 w-24" /> : value(stats)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
