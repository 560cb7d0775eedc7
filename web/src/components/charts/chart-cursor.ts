import { type KeyboardEvent, type PointerEvent, useState } from "react";

/**
 * The point a time chart's tooltip shows: the one under the pointer, or the one chosen with the arrow
 * keys (Home, End; Escape hides it) while the chart has focus. `indexAt` maps a pointer's x in the
 * chart's box to a point's index; `active` is that point of `points`.
 */
export type ChartCursor = ReturnType<typeof useChartCursor<unknown>>;

export function useChartCursor<T>(points: readonly T[], indexAt: (x: number) => number) {
  const count = points.length;
  const [index, setIndex] = useState<number | null>(null);
  const clamp = (value: number) => Math.min(Math.max(value, 0), count - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count === 0) return;
    const last = count - 1;
    const next =
      event.key === "ArrowRight"
        ? clamp((index ?? -1) + 1)
        : event.key === "ArrowLeft"
          ? clamp((index ?? count) - 1)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : event.key === "Escape"
                ? null
                : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setIndex(next);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (count === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    setIndex(clamp(indexAt(event.clientX - box.left)));
  };

  const shown = index !== null && index < count ? index : null;
  return {
    index: shown,
    active: shown === null ? null : (points[shown] ?? null),
    handlers: { onKeyDown, onPointerMove, onPointerLeave: () => setIndex(null), onBlur: () => setIndex(null) },
  };
}
