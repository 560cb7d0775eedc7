import { cn } from "@/lib/utils";

/** The compact level badge's box (level-badge.tsx), shared with its placeholder so both take the same room. */
export const LEVEL_BADGE_COMPACT_BOX = "inline-flex h-8 items-center gap-1.5 rounded-full border px-2.5 text-xs font-bold";

/**
 * The compact badge's room before its code arrives: the same box, icon space and "Lv N", without
 * the level table (titles, tiers) that the first page's JavaScript leaves out. Decorative: the
 * badge that replaces it is what assistive technology reads.
 */
export function LevelBadgeCompactPlaceholder({ level, className }: { level: number; className?: string }) {
  return (
    <span aria-hidden className={cn(LEVEL_BADGE_COMPACT_BOX, "border-border bg-muted/40 text-muted-foreground", className)}>
      <span className="size-3.5" />
      <span>Lv {level}</span>
    </span>
  );
}
