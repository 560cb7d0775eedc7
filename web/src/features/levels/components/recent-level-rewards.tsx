import { levelRewardUnits } from "@loop/rules/levels";
import type { LevelReward } from "@loop/rules/schemas/levels";
import { Gift, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoopAmount } from "@/components/ui/loop-amount";
import { TitledCard } from "@/components/ui/titled-card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, formatLoop } from "@/lib/format";
import { RECENT_LEVEL_REWARDS_LIMIT } from "../api/get-level-rewards";

export interface RecentLevelRewardsProps {
  rewards: LevelReward[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** The latest level rewards (newest first, at most 5), each in LOOP. */
export function RecentLevelRewards({ rewards, isLoading, isError, onRetry }: RecentLevelRewardsProps) {
  const recent = rewards?.slice(0, RECENT_LEVEL_REWARDS_LIMIT) ?? [];
  return (
    <TitledCard
      icon={<Gift className="size-5 text-pink-300" aria-hidden />}
      title="Recent level rewards"
      description="LOOP paid into your balance each time you reach a new level."
    >
      {isLoading ? (
        <div role="status" className="grid gap-2" aria-label="Loading level rewards">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ) : isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface p-4 text-sm text-muted-foreground"
        >
          Level rewards are unavailable right now.
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      ) : recent.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-5 text-center text-sm text-muted-foreground">
          No level rewards yet. Reach level 2 to earn {formatLoop(levelRewardUnits(2))} LOOP.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Recent level rewards">
          {recent.map((reward) => (
            <li key={reward.id} className="flex items-center justify-between gap-4 rounded-lg border border-border bg-surface/60 px-4 py-3">
              <div className="min-w-0">
                <p className="font-semibold">Reached level {reward.level}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={reward.createdAt}>{formatDateTime(reward.createdAt)}</time>
                </p>
              </div>
              <LoopAmount value={reward.tokensAwarded} plus className="shrink-0 font-semibold text-emerald-200" />
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
