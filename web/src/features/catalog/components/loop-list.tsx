import type { PublicLoop } from "@loop/rules/schemas/loops";
import { type ReactNode, startTransition, useDeferredValue, useEffect, useMemo, useState } from "react";
import { PlayerQueueContext, playerQueue } from "@/lib/player/player-queue";
import { cn } from "@/lib/utils";
import type { LoopLayout, RenderLoopCard } from "./loop-card";

/** The cards a list mounts at once: a phone's first screen (a row of three on a wide screen). */
const FIRST_CARDS = 3;
/**
 * The cards each later task adds: small commits, each short enough not to hold up a tap. Six a task
 * still made commits of 100–150 ms on Lighthouse's phone (4× slower CPU); two stayed near its 50 ms
 * on a quiet machine but made tasks of 55–170 ms with one of its two cores taken; one a task keeps
 * them near 50 ms there too.
 */
const CARDS_PER_TASK = 1;

/**
 * Each card is laid out and painted only near the screen (card-when-visible, index.css): every card
 * mounted after the first screen made the browser lay out and paint the whole page again, and on
 * Lighthouse's phone those frames (Layout, Paint, style: 30–80 ms each at 4×), not the cards' code,
 * were the catalog's long tasks.
 */
const CARD_ITEM_CLASS = "min-w-0 card-when-visible";

/** A list's first render, before its cards' background render. */
const NO_LOOPS: PublicLoop[] = [];

/**
 * Loop cards in a grid or a list; reused wherever loops are shown (home, profiles). Play on a card
 * queues the list's playable loops in the player, in this order (docs/product.md#player-bar).
 */
export function LoopList({
  loops: givenLoops,
  layout = "grid",
  className,
  renderCard,
  itemAction,
}: {
  loops: PublicLoop[];
  layout?: LoopLayout;
  className?: string;
  /** Each loop's card, as the app composes it (with what the viewer may do with the loop). */
  renderCard: RenderLoopCard;
  /** Something under each card, composed by the page (a collection's owner gets Remove). */
  itemAction?: (loop: PublicLoop) => ReactNode;
}) {
  // The cards come in a background render, which React splits into short tasks: a list usually
  // arrives with a query's answer, handed over in a render that cannot be split
  // (useSyncExternalStore), and its first screen of cards built there made a loaded phone's longest
  // tasks (Lighthouse's TBT). Inside a background render already (PagedLoops), they come at once.
  const loops = useDeferredValue(givenLoops, NO_LOOPS);
  const queue = useMemo(() => playerQueue(loops), [loops]);
  // A screen's worth of cards first, then one more per task, each in a transition: a page of 24
  // cards is not one long render and commit that keeps a phone from answering (Lighthouse's TBT). A
  // new list (other filters, another page) starts again from the first screen; Load More keeps what
  // is shown and adds the rest the same way.
  const [mounted, setMounted] = useState({ first: loops[0]?.id, count: FIRST_CARDS });
  let count = mounted.count;
  if (mounted.first !== loops[0]?.id) {
    count = FIRST_CARDS;
    setMounted({ first: loops[0]?.id, count });
  }
  useEffect(() => {
    if (count >= loops.length) return;
    const timer = setTimeout(() => startTransition(() => setMounted((state) => ({ ...state, count: state.count + CARDS_PER_TASK }))), 0);
    return () => clearTimeout(timer);
  }, [count, loops.length]);
  const shown = useMemo(() => (count >= loops.length ? loops : loops.slice(0, count)), [count, loops]);
  return (
    <PlayerQueueContext value={queue}>
      <ul
        aria-label="Loops"
        className={cn(layout === "grid" ? "grid gap-4 sm:grid-cols-2 xl:grid-cols-3" : "flex flex-col gap-3", className)}
        data-layout={layout}
      >
        {shown.map((loop) => (
          <li key={loop.id} className={CARD_ITEM_CLASS}>
            {renderCard(loop, layout)}
            {itemAction ? <div className="mt-1.5 flex justify-end">{itemAction(loop)}</div> : null}
          </li>
        ))}
      </ul>
    </PlayerQueueContext>
  );
}
