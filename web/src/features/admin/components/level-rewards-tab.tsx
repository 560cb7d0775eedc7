import { paths } from "@loop/rules/paths";
import { Layers, ListChecks, Trophy, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { LevelTierIcon } from "@/components/level-badge";
import { LevelRequirementsTable, levelRangeText, XpRulesTable } from "@/components/level-tables";
import { LoopAmount } from "@/components/ui/loop-amount";
import { TitledCard } from "@/components/ui/titled-card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { useAdminLevelOverview } from "../api/get-admin-level-overview";

/** Level Rewards (docs/product.md#admin-dashboard): tier counts, top 10 users by level, XP rules and level requirements. */
export function LevelRewardsTab() {
  const overview = useAdminLevelOverview();
  const data = overview.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TitledCard
        icon={<Layers className="size-5 text-violet-300" aria-hidden />}
        title="Users per Tier"
        description={
          data ? (
            <>
              {formatCount(data.rewardsPaid.count)} level rewards paid, <LoopAmount value={data.rewardsPaid.total} /> in total;{" "}
              {formatCount(data.uploadRewardsPaid.count)} upload rewards, <LoopAmount value={data.uploadRewardsPaid.total} />.
            </>
          ) : null
        }
      >
        {overview.isError ? (
          <LoadError message="The level figures could not be loaded." onRetry={() => void overview.refetch()} />
        ) : !data ? (
          <Skeleton className="h-64" />
        ) : (
          <ul className="grid gap-2" aria-label="Tier counts">
            {data.tiers.map((tier) => (
              <li key={tier.title} className="flex items-center gap-3 rounded-lg border border-border bg-surface/60 px-4 py-2.5">
                <LevelTierIcon level={tier.minLevel} className="size-8 rounded-lg" iconClassName="size-4" />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{tier.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {levelRangeText(tier.minLevel, tier.maxLevel ?? Number.POSITIVE_INFINITY)}
                  </span>
                </span>
                <span className="font-semibold tabular-nums">
                  {formatCount(tier.users)} user{tier.users === 1 ? "" : "s"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>

      <TitledCard icon={<Trophy className="size-5 text-amber-300" aria-hidden />} title="Top 10 Users by Level">
        {overview.isError ? null : !data ? (
          <Skeleton className="h-64" />
        ) : data.topUsers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No users yet.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Top users">
            {data.topUsers.map((user, index) => (
              <li key={user.id} className="flex items-center gap-3 rounded-lg border border-border bg-surface/60 px-4 py-2.5">
                <span className="w-6 text-right font-bold text-muted-foreground tabular-nums">{index + 1}</span>
                <Link to={paths.userProfile(user.id)} className="min-w-0 flex-1 truncate font-semibold hover:underline">
                  {user.username}
                </Link>
                <span className="text-sm tabular-nums">Level {user.level}</span>
                <span className="w-24 text-right text-xs text-muted-foreground tabular-nums">{formatCount(user.experience)} XP</span>
              </li>
            ))}
          </ol>
        )}
      </TitledCard>

      <TitledCard
        icon={<ListChecks className="size-5 text-emerald-300" aria-hidden />}
        title="XP Rules"
        description="Prices count in whole dollars. Each action earns XP once, so XP cannot be farmed."
      >
        <XpRulesTable />
      </TitledCard>

      <TitledCard
        icon={<TrendingUp className="size-5 text-cyan-300" aria-hidden />}
        title="Level Requirements"
        description="XP needed to go from a level to the next one."
      >
        <LevelRequirementsTable levelHeading="Level" />
      </TitledCard>
    </div>
  );
}
