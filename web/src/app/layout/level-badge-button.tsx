import type { LevelInfo } from "@loop/rules/levels";
import { levelTitle } from "@loop/rules/levels";
import { type ComponentProps, forwardRef, lazy, type PointerEvent, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { LevelBadgeCompact } from "@/components/level-badge";
import { cn } from "@/lib/utils";

const loadLevelCard = () => import("./level-badge-popover");
const LevelBadgePopover = lazy(() => loadLevelCard().then((m) => ({ default: m.LevelBadgePopover })));

/** Hovering away closes the card after this delay, so the pointer can cross to the card. */
const HOVER_CLOSE_DELAY_MS = 150;

export interface LevelBadgeTriggerProps extends ComponentProps<"button"> {
  level: number;
}

/** The compact badge as a button that opens the detailed level card. */
export const LevelBadgeTrigger = forwardRef<HTMLButtonElement, LevelBadgeTriggerProps>(function LevelBadgeTrigger(
  { level, className, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={`Lv ${level} (Level ${level} ${levelTitle(level)}): show level progress`}
      aria-haspopup="dialog"
      className={cn("rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
      {...props}
    >
      <LevelBadgeCompact level={level} className="pointer-events-none" />
    </button>
  );
});

/** Hover state shared by the trigger and the card, with a short delay on leaving. */
function useHoverIntent() {
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onPointerEnter = useCallback((event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(timer.current);
    setHovered(true);
  }, []);
  const onPointerLeave = useCallback((event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHovered(false), HOVER_CLOSE_DELAY_MS);
  }, []);
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    setHovered(false);
  }, []);
  return { hovered, onPointerEnter, onPointerLeave, reset };
}

/**
 * The top bar's level badge (spec: compact or detailed card): the compact badge; hovering or
 * clicking it opens the detailed card (level, title, XP progress, XP to the next level, a link to
 * /level). The card's code (Radix popover) loads on first use, keeping it out of the landing page.
 */
export function LevelBadgeButton({ info }: { info: LevelInfo }) {
  const hover = useHoverIntent();
  const [requested, setRequested] = useState<"hover" | "click" | null>(null);
  const { onPointerEnter } = hover;
  const enter = useCallback(
    (event: PointerEvent) => {
      if (event.pointerType !== "mouse") return;
      onPointerEnter(event);
      setRequested((current) => current ?? "hover");
    },
    [onPointerEnter],
  );

  if (!requested) {
    return (
      <LevelBadgeTrigger
        level={info.level}
        aria-expanded={false}
        onPointerEnter={enter}
        onPointerLeave={hover.onPointerLeave}
        onFocus={() => void loadLevelCard()}
        onClick={() => setRequested("click")}
      />
    );
  }
  return (
    <Suspense fallback={<LevelBadgeTrigger level={info.level} aria-busy onPointerEnter={enter} onPointerLeave={hover.onPointerLeave} />}>
      <LevelBadgePopover
        info={info}
        hovered={hover.hovered}
        initiallyPinned={requested === "click"}
        onPointerEnter={enter}
        onPointerLeave={hover.onPointerLeave}
        onDismiss={hover.reset}
      />
    </Suspense>
  );
}
