import { paths } from "@loop/rules/paths";
import { Layers, ListChecks, Trophy, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { LevelTierIcon } from "@/components/level-badge";
import { LevelRequirementsTable, levelRangeText, XpRulesTable } from "@/components/level-tables";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { useAdminLevelOverview } from "../api/get-admin-level-overview";
import { loopText } from "../lib/admin-format";

/** Level Rewards (docs/product.md#admin-dashboard): tier counts, top 10 users by level, XP rules and level requirements. */
export function LevelRewardsTab() {
  const overview = useAdminLevelOverview();
  const data = overview.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card aria-labelledby="admin-tiers-title">
        <CardHeader>
          <CardTitle id="admin-tiers-title">
            <Layers className="size-5 text-violet-300" aria-hidden />
            Users per Tier
          </CardTitle>
          {data ? (
            <CardDescription>
              {formatCount(data.rewardsPaid.count)} level rewards paid, {loopText(data.rewardsPaid.total)} in total;{" "}
              {formatCount(data.uploadRewardsPaid.count)} upload rewards, {loopText(data.uploadRewardsPaid.total)}.
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>

      <Card aria-labelledby="admin-top-users-title">
        <CardHeader>
          <CardTitle id="admin-top-users-title">
            <Trophy className="size-5 text-amber-300" aria-hidden />
            Top 10 Users by Level
          </CardTitle>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>

      <Card aria-labelledby="admin-xp-rules-title">
        <CardHeader>
          <CardTitle id="admin-xp-rules-title">
            <ListChecks className="size-5 text-emerald-300" aria-hidden />
            XP Rules
          </CardTitle>
          <CardDescription>Prices count in whole dollars. Each action earns XP once, so XP cannot be farmed.</CardDescription>
        </CardHeader>
        <CardContent>
          <XpRulesTable />
        </CardContent>
      </Card>

      <Card aria-labelledby="admin-level-requirements-title">
        <CardHeader>
          <CardTitle id="admin-level-requirements-title">
            <TrendingUp className="size-5 text-cyan-300" aria-hidden />
            Level Requirements
          </CardTitle>
          <CardDescription>XP needed to go from a level to the next one.</CardDescription>
        </CardHeader>
        <CardContent>
          <LevelRequirementsTable levelHeading="Level" />
        </CardContent>
      </Card>
    </div>
  );
}
