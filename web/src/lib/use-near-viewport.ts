import { type RefObject, useEffect, useState } from "react";

/** How far outside the viewport an element counts as near: a card about to be scrolled to loads in time. */
const NEAR_MARGIN = "400px 0px";

type Seen = () => void;
const waiting = new Map<Element, Seen>();
let observer: IntersectionObserver | null = null;

/** One observer for every card of the page (24 observers would each cost a callback per scroll). */
function watch(element: Element, seen: Seen): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        waiting.get(entry.target)?.();
        forget(entry.target);
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  waiting.set(element, seen);
  observer.observe(element);
  return () => forget(element);
}

/** Stops watching the element; the observer goes with the last one (a page without cards keeps none). */
function forget(element: Element): void {
  waiting.delete(element);
  observer?.unobserve(element);
  if (waiting.size > 0) return;
  observer?.disconnect();
  observer = null;
}

/**
 * Whether the element has come near the viewport (within a screen's height of it): true from then
 * on. A list of cards asks for each card's waveform only then, so a page of 24 loops loads (and
 * draws) the few on screen, not 24 at once. True at once where nothing lays out (no
 * IntersectionObserver, as in unit tests).
 */
export function useNearViewport(ref: RefObject<Element | null>, enabled = true): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !enabled || !element) return;
    return watch(element, () => setNear(true));
  }, [ref, near, enabled]);
  return near;
}
