import { useLayoutEffect, useRef, useState } from "react";

/**
 * The width of an element, kept current with a ResizeObserver, so that a chart draws at the size it
 * is shown (text stays legible on a phone, unlike an SVG scaled by a viewBox). `fallback` until the
 * element is measured (and where nothing lays out, as in unit tests).
 */
export function useElementWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (value: number) => setWidth((previous) => (Math.abs(previous - value) < 1 ? previous : Math.floor(value)));
    if (typeof ResizeObserver === "undefined") {
      measure(element.getBoundingClientRect().width);
      return;
    }
    // The observer's first report comes with the frame's own layout, before it is painted: reading
    // the size here instead (getBoundingClientRect) would lay the whole page out once more inside
    // the commit, once per chart or waveform (a page of cards: 24 times).
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, width: width > 0 ? width : fallback };
}
