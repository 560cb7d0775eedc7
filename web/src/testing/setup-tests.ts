import "@testing-library/jest-dom/vitest";
import { type Config, cleanup, configure, getConfig } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { clearToasts } from "@/lib/toast";
import { resetWalletStore } from "@/lib/wallet/wallet-store";
import { cacheComputedStyles } from "./computed-style-cache";

/*
 * The real wallet stack (wagmi, viem, RainbowKit: `import("./wallet-stack")` in wallet-store.ts)
 * never mounts in unit tests: they publish fake controls through the test seam
 * (`publishFakeWalletControls`). A page that starts loading the stack gets this stand-in, which
 * publishes nothing, so its wallet stays "loading" as long as the test does not publish controls,
 * and a load left running by one test cannot publish a disconnected wallet into the next one.
 */
vi.mock("@/lib/wallet/wallet-stack", () => ({ WalletStack: () => null }));

// jsdom lacks a few browser APIs Radix relies on.
class ResizeObserverStub {
  private readonly callback: ResizeObserverCallback;
  private observed = new Set<Element>();
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }
  /** As a browser does, one first report of the element's size soon after (jsdom lays nothing out: its box is 0 unless a test sets it). */
  observe(target: Element) {
    this.observed.add(target);
    queueMicrotask(() => {
      if (!this.observed.has(target)) return;
      const entry = { target, contentRect: target.getBoundingClientRect() } as unknown as ResizeObserverEntry;
      this.callback([entry], this as unknown as ResizeObserver);
    });
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
cacheComputedStyles(window);

/*
 * The test files share their worker (`isolate: false` in vite.config.ts): the libraries and the
 * jsdom window are loaded once per worker, and this file runs again before each test file. What a
 * test file may change for the whole file is put back here, so every file starts as in a fresh
 * worker:
 * - Testing Library's settings (a file's `configure(...)` stays in that file), back to the ones below;
 * - the app's own modules (module-level state such as the shared query client, the wallet store,
 *   the toasts, and the modules a file replaced with `vi.mock`) are evaluated anew for each file;
 * - the document is emptied.
 */
const globals = globalThis as { __loopTestingLibraryDefaults?: Config };

/**
 * A failed query's error without the printed document while findBy queries and waitFor retry
 * (Testing Library marks those checks `_disableExpensiveErrorDiagnostics`): each failed attempt
 * printed the whole document into an error that the next attempt threw away (a third of the test
 * time of loop-browser.test.tsx, 7 % of the suite's CPU). A wait that times out still says what the
 * document held: waitFor's onTimeout builds the last error's message again through getElementError,
 * outside the retries, and so with the document (element-errors.test.tsx).
 */
function withoutDomWhileRetrying(printing: Config["getElementError"]): Config["getElementError"] {
  return (message, container) => {
    if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics)
      return printing(message, container);
    const error = new Error(message ?? "");
    error.name = "TestingLibraryElementError";
    return error;
  };
}
globals.__loopTestingLibraryDefaults ??= {
  ...getConfig(),
  /*
   * How long findBy* and waitFor wait for what they look for (Testing Library's default: 1 s). A wait
   * ends as soon as its event happens (a response renders, a dialog closes); the limit only decides
   * when a test that will never see it fails. On a two-core machine twice as slow as usual (issue 34)
   * the first render of a lazily loaded route alone took more than a second, so 1 s (and the 5–10 s
   * that files used to set for themselves) failed tests that were right. The longest wait, a file's
   * first visit to a lazily loaded route (its modules compiled then), takes 1–3 s on a busy two-core
   * machine, but over 30 s when other test runs took most of the machine too (the whole run 15 to 19
   * times slower than on an idle one). No file or call sets its own. Tests use this `waitFor`, not
   * `vi.waitFor` (whose 1 s cannot be changed for the suite).
   */
  asyncUtilTimeout: 60_000,
  /*
   * Text queries (getByText, findByText…) skip Radix Toast's announcement: two animation frames after
   * a toast opens, Radix copies its title and description into a visually hidden live region
   * (`<span role="status" aria-live>` added to document.body, outside the toast) for screen readers,
   * and removes it one second later. A regex query for a toast's text right after the toast appeared
   * found one element on a fast machine (before those frames) and two on a slow one ("Found multiple
   * elements with the text /Use the wallet linked to your account/"). The toast itself is what tests
   * read; the copy is never the only place of a text.
   */
  defaultIgnore: `${getConfig().defaultIgnore}, body > [role="status"][aria-live]`,
  getElementError: withoutDomWhileRetrying(getConfig().getElementError),
};
configure(globals.__loopTestingLibraryDefaults);

/*
 * After each test: its fake clock (if any) stops before its components unmount; the toasts, the
 * wallet (the fake controls a test published, its snapshot, a load still under way) and the app's
 * shared query client do not reach the next test.
 *
 * The shared query client: a rendered page gets a fresh client of its own (test-utils.tsx), but the
 * wallet store and the wallet offers read /api/config through the app's module-level `queryClient`
 * (lib/query-client.ts), which lives as long as the file's modules. Its answer is never stale, so
 * every later test of the file got the config of the first test that loaded the wallet, or that
 * test's request still in flight when it ended, instead of the config it stubs itself; which test
 * that was depended on how far each test got before it ended, i.e. on the machine's speed.
 */
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  clearToasts();
  resetWalletStore();
  queryClient.clear();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

afterAll(() => {
  vi.useRealTimers();
  vi.resetModules();
  for (const element of [document.documentElement, document.head, document.body]) {
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  }
  document.head.replaceChildren();
  document.body.replaceChildren();
});
