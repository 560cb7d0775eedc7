import { badgeTier, levelRewardUnits } from "@loop/rules/levels";
import type { UserLevel } from "@loop/rules/schemas/levels";
import { Coins, Gift, ShoppingBag, Sparkles } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { LevelTierIcon, XpProgressBar, xpProgressText, xpToNextText } from "@/components/level-badge";
import { Card } from "@/components/ui/card";
import { LoopAmount } from "@/components/ui/loop-amount";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";

function Figure({ icon: Icon, label, value, testId }: { icon: LucideIcon; label: string; value: ReactNode; testId: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface/70 p-4" data-testid={testId}>
      <dt className="flex items-center gap-2 text-xs tracking-wide text-muted-foreground uppercase">
        <Icon className="size-4 text-violet-300" aria-hidden />
        {label}
      </dt>
      <dd className="mt-2 font-display text-xl font-extrabold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The detailed progress widget of /level (GET /api/user/level): level, title and badge icon, the XP
 * bar with 'X / Y XP' and 'N XP to level L+1' ('Max level!' when none is needed), the reward the
 * next level pays, and LOOP earned from sales and spent on purchases.
 */
export function LevelProgressWidget({ level }: { level: UserLevel }) {
  const maxed = level.xpNeededForNext <= 0;
  const nextReward = levelRewardUnits(level.level + 1);
  return (
    <Card className="relative overflow-hidden p-6 sm:p-8" aria-labelledby="level-progress-title" data-testid="level-progress-widget">
      <div className="soft-glow pointer-events-none absolute -top-56 -right-56 size-128 text-primary/20" aria-hidden />
      <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center">
        <LevelTierIcon level={level.level} className="size-20 rounded-3xl" iconClassName="size-10" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold tracking-widest text-highlight uppercase">Level {level.level}</p>
          <h2 id="level-progress-title" className="mt-1 font-display text-3xl font-black tracking-tight" data-tier={badgeTier(level.level)}>
            {level.title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{formatCount(level.experience)} XP in total</p>
        </div>
      </div>

      <div className="relative mt-8">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
          {maxed ? null : (
            <span className="font-semibold tabular-nums" data-testid="level-xp-progress">
              {xpProgressText(level.currentXP, level.nextLevelRequirement)}
            </span>
          )}
          <span className={cn("tabular-nums", maxed ? "font-bold text-amber-200" : "text-muted-foreground")} data-testid="level-xp-to-next">
            {xpToNextText(level.level, level.xpNeededForNext)}
          </span>
        </div>
        <XpProgressBar percent={maxed ? 100 : level.progressPercentage} className="h-3" />
        {maxed || nextReward === 0n ? null : (
          <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
            <Gift className="size-4 text-pink-300" aria-hidden />
            Reaching level {level.level + 1} pays{" "}
            <strong className="text-foreground">
              <LoopAmount value={nextReward} />
            </strong>
          </p>
        )}
      </div>

      <dl className="relative mt-8 grid gap-3 sm:grid-cols-3">
        <Figure
          icon={Sparkles}
          label="Progress"
          value={`${maxed ? 100 : Math.max(0, Math.min(100, level.progressPercentage))}%`}
          testId="level-figure-progress"
        />
        <Figure icon={Coins} label="LOOP earned" value={<LoopAmount value={level.totalEarned} />} testId="level-figure-earned" />
        <Figure icon={ShoppingBag} label="LOOP spent" value={<LoopAmount value={level.totalSpent} />} testId="level-figure-spent" />
      </dl>
    </Card>
  );
}
