import type { PublicLoop } from "@loop/rules/schemas/loops";
import { type ReactNode, useDeferredValue, useMemo } from "react";
import { cn } from "@/lib/utils";
import { PlayerQueueContext, playerQueue } from "../lib/player-queue";
import { LoopCard, type LoopLayout } from "./loop-card";

/** The cards a list mounts at once: a screen's worth (two rows of three on a wide screen). */
const FIRST_CARDS = 6;

/**
 * Loop cards in a grid or a list; reused wherever loops are shown (home, profiles). Play on a card
 * queues the list's playable loops in the player, in this order (docs/product.md#player-bar).
 */
export function LoopList({
  loops,
  layout = "grid",
  className,
  onSignInRequired,
  itemAction,
}: {
  loops: PublicLoop[];
  layout?: LoopLayout;
  className?: string;
  /** Opens the app's Join dialog (Buy when signed out). */
  onSignInRequired?: () => void;
  /** Something under each card, composed by the page (a collection's owner gets Remove). */
  itemAction?: (loop: PublicLoop) => ReactNode;
}) {
  const queue = useMemo(() => playerQueue(loops), [loops]);
  // A screen's worth of cards first, then the rest in a render React may interrupt (a deferred value):
  // a page of 24 cards is not one long task that keeps the page from answering.
  const shown = useDeferredValue(loops, loops.length > FIRST_CARDS ? loops.slice(0, FIRST_CARDS) : loops);
  return (
    <PlayerQueueContext value={queue}>
      <ul
        aria-label="Loops"
        className={cn(layout === "grid" ? "grid gap-4 sm:grid-cols-2 xl:grid-cols-3" : "flex flex-col gap-3", className)}
        data-layout={layout}
      >
        {shown.map((loop) => (
          <li key={loop.id} className="min-w-0">
            <LoopCard loop={loop} layout={layout} onSignInRequired={onSignInRequired} />
            {itemAction ? <div className="mt-1.5 flex justify-end">{itemAction(loop)}</div> : null}
          </li>
        ))}
      </ul>
    </PlayerQueueContext>
  );
}
