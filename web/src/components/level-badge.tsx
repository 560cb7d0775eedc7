import { badgeTier, type BadgeTier, levelTitle } from "@loop/rules/levels";
import type { LevelInfo } from "@loop/rules/levels";
import { Award, Crown, Star, Trophy, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";
import { LEVEL_BADGE_COMPACT_BOX } from "./level-badge-placeholder";

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
    // role="img": a <span> may not be named (axe: aria-prohibited-attr); the image's name is the badge's text.
    <span
      data-testid="level-badge"
      role="img"
      aria-label={`Level ${level} ${title}`}
      title={`Level ${level} · ${title}`}
      className={cn(LEVEL_BADGE_COMPACT_BOX, TIER_STYLE[tier], className)}
    >
      <Icon className="size-3.5" aria-hidden />
      <span aria-hidden>Lv {level}</span>
    </span>
  );
}

/** The level's badge icon (changes at 10, 15 and 25) on a tile in the tier's colours. */
export function LevelTierIcon({ level, className, iconClassName }: { level: number; className?: string; iconClassName?: string }) {
  const tier = badgeTier(level);
  const Icon = TIER_ICON[tier];
  return (
    <span
      data-tier={tier}
      className={cn("inline-flex size-14 shrink-0 items-center justify-center rounded-2xl border", TIER_STYLE[tier], className)}
    >
      <Icon className={cn("size-7", iconClassName)} aria-hidden />
    </span>
  );
}

/** "150 / 200 XP": XP gained in the current level out of what the level needs. */
export function xpProgressText(currentXP: number, nextLevelXP: number): string {
  return `${formatCount(currentXP)} / ${formatCount(nextLevelXP)} XP`;
}

/** "50 XP to level 3", or 'Max level!' when no XP is needed for the next level (spec, /level). */
export function xpToNextText(level: number, xpNeededForNext: number): string {
  return xpNeededForNext > 0 ? `${formatCount(xpNeededForNext)} XP to level ${level + 1}` : "Max level!";
}

/** An XP progress bar (role="progressbar", 0–100). */
export function XpProgressBar({ percent, className }: { percent: number; className?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      className={cn("h-2 overflow-hidden rounded-full bg-muted", className)}
      role="progressbar"
      aria-label="Progress to next level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="bg-brand-gradient h-full rounded-full transition-[width] duration-500" style={{ width: `${value}%` }} />
    </div>
  );
}

/**
 * Detailed badge: title, level and progress to the next level from `levelInfo`. `children` go
 * below the progress (e.g. a link to the level page).
 */
export function LevelBadgeDetailed({ info, className, children }: { info: LevelInfo; className?: string; children?: ReactNode }) {
  const title = levelTitle(info.level);
  const maxed = info.xpNeededForNext <= 0;
  return (
    <div className={cn("flex items-center gap-4", className)} data-testid="level-badge-detailed">
      <LevelTierIcon level={info.level} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg font-bold">{title}</span>
          <span className="text-sm text-muted-foreground">Level {info.level}</span>
        </div>
        <XpProgressBar percent={maxed ? 100 : info.progressPercentage} className="mt-2" />
        <p className="mt-1.5 flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
          {maxed ? null : <span className="tabular-nums">{xpProgressText(info.currentXP, info.nextLevelXP)}</span>}
          <span className={cn("tabular-nums", maxed && "font-semibold text-amber-200")}>
            {xpToNextText(info.level, info.xpNeededForNext)}
          </span>
        </p>
        {children}
      </div>
    </div>
  );
}
