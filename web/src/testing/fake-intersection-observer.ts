import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * The browser's IntersectionObserver, driven by the test (jsdom lays nothing out): installed until
 * `restore()`; `show(element)` brings an element near the screen, `watching(element)` says whether
 * anything waits for it to.
 */
export function fakeIntersectionObserver() {
  const watched = new Map<Element, IntersectionObserverCallback>();
  class FakeIntersectionObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      watched.set(element, this.callback);
    }
    unobserve(element: Element) {
      watched.delete(element);
    }
    disconnect() {}
  }
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  return {
    show(element: Element) {
      const callback = watched.get(element);
      act(() => callback?.([{ target: element, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    },
    watching: (element: Element) => watched.has(element),
    restore: () => vi.unstubAllGlobals(),
  };
}
