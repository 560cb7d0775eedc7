import { badgeTier, type BadgeTier, levelTitle } from "@loop/rules/levels";
import type { LevelInfo } from "@loop/rules/levels";
import { Award, Crown, Star, Trophy, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

const TIER_ICON: Record<BadgeTier, LucideIcon> = { star: Star, award: Award, trophy: Trophy, crown: Crown };

const TIER_STYLE: Record<BadgeTier, string> = {
  star: "border-violet-400/40 bg-violet-500/15 text-violet-200",
  award: "border-cyan-400/40 bg-cyan-500/15 text-cyan-200",
  trophy: "border-amber-400/40 bg-amber-500/15 text-amber-200",
  crown: "border-pink-400/50 bg-gradient-to-r from-fuchsia-500/25 to-amber-400/25 text-amber-100",
};

/** Compact badge for the top bar: tier icon and level number. */
export function LevelBadgeCompact({ level, className }: { level: number; className?: string }) {
  const tier = badgeTier(level);
  const Icon = TIER_ICON[tier];
  const title = levelTitle(level);
  return (
    <span
      data-testid="level-badge"
      aria-label={`Level ${level} ${title}`}
      title={`Level ${level} · ${title}`}
      className={cn("inline-flex h-8 items-center gap-1.5 rounded-full border px-2.5 text-xs font-bold", TIER_STYLE[tier], className)}
    >
      <Icon className="size-3.5" aria-hidden />
      <span aria-hidden>Lv {level}</span>
    </span>
  );
}

/** Detailed badge: title, level and progress to the next level from `levelInfo`. */
export function LevelBadgeDetailed({ info, className }: { info: LevelInfo; className?: string }) {
  const tier = badgeTier(info.level);
  const Icon = TIER_ICON[tier];
  const title = levelTitle(info.level);
  const percent = Math.max(0, Math.min(100, info.progressPercentage));
  return (
    <div className={cn("flex items-center gap-4", className)}>
      <span className={cn("inline-flex size-14 shrink-0 items-center justify-center rounded-2xl border", TIER_STYLE[tier])}>
        <Icon className="size-7" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg font-bold">{title}</span>
          <span className="text-sm text-muted-foreground">Level {info.level}</span>
        </div>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Progress to next level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="bg-brand-gradient h-full rounded-full transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-1.5 text-xs text-muted-foreground">
          {info.xpNeededForNext > 0
            ? `${info.currentXP} / ${info.nextLevelXP} XP · ${info.xpNeededForNext} XP to level ${info.level + 1}`
            : "Max level!"}
        </p>
      </div>
    </div>
  );
}
