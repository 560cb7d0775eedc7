import { useSyncExternalStore } from "react";

/**
 * Whether the page has been painted once since it loaded. A lazily loaded page waits for it before
 * it asks for its code: the first frame (the top bar and the page's loading state, e.g. Home's
 * hero) is then painted before the forty or so files of the page's code arrive and are parsed on
 * the same main thread. On a phone that moved the first paints by hundreds of milliseconds
 * (docs/decisions.md#the-first-screen-before-the-pages-code-session-49). Only the page's own load waits (main.tsx
 * asks for it); later navigations, and an app rendered by other means (tests), are not held back.
 */
let painted = true;
const listeners = new Set<() => void>();

/** A hidden tab paints no frames: its pages must not wait for one. */
const HIDDEN_TAB_WAIT_MS = 100;

/** The app's entry, before its first render: lazily loaded code waits for the first paint. */
export function holdLazyCodeUntilFirstPaint(): void {
  painted = false;
}

function markPainted(): void {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/**
 * Called once the app's first screen is committed: the flag turns after the next frame is painted
 * (a task queued from its animation frame runs after that frame's paint), or after a short wait
 * where no frame comes (a hidden tab, a test's document).
 */
export function notePaintAfterNextFrame(): void {
  if (painted) return;
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(markPainted, 0));
  setTimeout(markPainted, HIDDEN_TAB_WAIT_MS);
}

function subscribe(listener: () => void): () => void {
  if (painted) return () => undefined;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the page has been painted once (see above). */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => painted,
  );
}
