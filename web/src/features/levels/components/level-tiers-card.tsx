import { LEVEL_BANDS, LEVEL_TITLES, levelRewardUnits, levelTitle } from "@loop/rules/levels";
import { Layers } from "lucide-react";
import { LevelTierIcon } from "@/components/level-badge";
import { levelRangeText } from "@/components/level-tables";
import { Badge } from "@/components/ui/badge";
import { LoopAmount } from "@/components/ui/loop-amount";
import { TitledCard } from "@/components/ui/titled-card";
import { cn } from "@/lib/utils";

/** Levels `from`..`to` (to = Infinity when open-ended) whose reward is the same. */
export interface RewardSpan {
  from: number;
  to: number;
  reward: bigint;
}

export interface LevelTier {
  title: string;
  from: number;
  /** Last level of the tier; Infinity for the last tier. */
  to: number;
  /** What reaching each level of the tier pays (levels that pay nothing, i.e. level 1, left out). */
  rewards: RewardSpan[];
}

/** Every title of docs/product.md#titles with its level range and the reward its levels pay, from the rules. */
export function levelTiers(): LevelTier[] {
  // Past the start of the last band every level pays the same, so an open-ended tier can stop there.
  const lastBandStart = LEVEL_BANDS[LEVEL_BANDS.length - 1]!.from;
  return LEVEL_TITLES.map((tier, index) => {
    const next = LEVEL_TITLES[index + 1];
    const to = next ? next.from - 1 : Number.POSITIVE_INFINITY;
    const rewards: RewardSpan[] = [];
    const last = Number.isFinite(to) ? to : Math.max(tier.from, lastBandStart);
    for (let level = tier.from; level <= last; level++) {
      const reward = levelRewardUnits(level);
      if (reward === 0n) continue;
      const span = rewards[rewards.length - 1];
      if (span && span.reward === reward && span.to === level - 1) span.to = level;
      else rewards.push({ from: level, to: level, reward });
    }
    if (!Number.isFinite(to) && rewards.length > 0) rewards[rewards.length - 1]!.to = to;
    return { title: tier.title, from: tier.from, to, rewards };
  });
}

/** Level Tiers card: each title, its levels and the LOOP each level pays. */
export function LevelTiersCard({ currentLevel }: { currentLevel?: number }) {
  const currentTitle = currentLevel === undefined ? null : levelTitle(currentLevel);
  return (
    <TitledCard
      icon={<Layers className="size-5 text-violet-300" aria-hidden />}
      title="Level Tiers"
      description="Your title grows with your level; every new level pays LOOP into your balance."
    >
      <ul className="grid gap-2" aria-label="Level tiers">
        {levelTiers().map((tier) => {
          const current = tier.title === currentTitle;
          return (
            <li
              key={tier.title}
              data-testid={`level-tier-${tier.title}`}
              aria-current={current ? "true" : undefined}
              className={cn(
                "flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-surface/60 px-4 py-3",
                current && "border-primary/60 bg-primary/10",
              )}
            >
              <LevelTierIcon level={tier.from} className="size-10 rounded-xl" iconClassName="size-5" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {tier.title}
                  {current ? <Badge>Your tier</Badge> : null}
                </p>
                <p className="text-xs whitespace-nowrap text-muted-foreground">{levelRangeText(tier.from, tier.to)}</p>
              </div>
              <div className="grid basis-full justify-items-start gap-0.5 pl-14 text-sm sm:basis-auto sm:justify-items-end sm:pl-0 sm:text-right">
                {tier.rewards.map((span) => (
                  <span key={span.from} className="whitespace-nowrap tabular-nums">
                    <strong className="font-semibold text-emerald-200">
                      <LoopAmount value={span.reward} />
                    </strong>
                    <span className="text-xs text-muted-foreground">
                      {tier.rewards.length > 1 || tier.from !== span.from
                        ? ` · ${levelRangeText(span.from, span.to).toLowerCase()}`
                        : " per level"}
                    </span>
                  </span>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </TitledCard>
  );
}
