import type { LevelInfo } from "@loop/rules/levels";
import { paths } from "@loop/rules/paths";
import { ArrowRight } from "lucide-react";
import { type PointerEvent, useState } from "react";
import { Link } from "react-router";
import { LevelBadgeDetailed } from "@/components/level-badge";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { LevelBadgeTrigger } from "./level-badge-button";

export interface LevelBadgePopoverProps {
  info: LevelInfo;
  /** The mouse is over the badge or the card. */
  hovered: boolean;
  /** Opened by a click (stays open until dismissed) rather than by hovering. */
  initiallyPinned: boolean;
  onPointerEnter: (event: PointerEvent) => void;
  onPointerLeave: (event: PointerEvent) => void;
  /** Escape, a click outside or following the link: forget the hover too. */
  onDismiss: () => void;
}

/**
 * The detailed level card under the top bar's badge (Radix popover). Open while hovered or after a
 * click ("pinned"); a click on a hover-opened card pins it, a second click unpins it.
 */
export function LevelBadgePopover({ info, hovered, initiallyPinned, onPointerEnter, onPointerLeave, onDismiss }: LevelBadgePopoverProps) {
  const [pinned, setPinned] = useState(initiallyPinned);
  const open = pinned || hovered;
  const close = () => {
    setPinned(false);
    onDismiss();
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <PopoverTrigger asChild>
        <LevelBadgeTrigger
          level={info.level}
          onPointerEnter={onPointerEnter}
          onPointerLeave={onPointerLeave}
          onClick={(event) => {
            // Radix would toggle against the hover state; the pin decides instead.
            event.preventDefault();
            if (pinned) close();
            else setPinned(true);
          }}
        />
      </PopoverTrigger>
      <PopoverContent
        className="w-80"
        aria-label="Level progress"
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onOpenAutoFocus={(event) => {
          if (!pinned) event.preventDefault();
        }}
      >
        <LevelBadgeDetailed info={info} />
        <Link
          to={paths.level()}
          onClick={close}
          className="mt-4 flex items-center justify-center gap-2 rounded-md border border-border bg-surface/60 px-3 py-2 text-sm font-semibold transition-colors hover:border-primary/50 hover:bg-primary/10"
        >
          View level progress
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </PopoverContent>
    </Popover>
  );
}
