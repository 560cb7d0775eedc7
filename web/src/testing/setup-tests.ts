import "@testing-library/jest-dom/vitest";
import { type Config, cleanup, configure, getConfig } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import { clearToasts } from "@/lib/toast";
import { resetWalletStore } from "@/lib/wallet/wallet-store";

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
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;

/*
 * The test files share their worker (`isolate: false` in vite.config.ts): the libraries and the
 * jsdom window are loaded once per worker, and this file runs again before each test file. What a
 * test file may change for the whole file is put back here, so every file starts as in a fresh
 * worker:
 * - Testing Library's settings (a file's `configure({ asyncUtilTimeout })` stays in that file);
 * - the app's own modules (module-level state such as the shared query client, the wallet store,
 *   the toasts, and the modules a file replaced with `vi.mock`) are evaluated anew for each file;
 * - the document is emptied.
 */
const globals = globalThis as { __loopTestingLibraryDefaults?: Config };
globals.__loopTestingLibraryDefaults ??= { ...getConfig() };
configure(globals.__loopTestingLibraryDefaults);

/*
 * After each test: its fake clock (if any) stops before its components unmount; the toasts and the
 * wallet (the fake controls a test published, its snapshot) do not reach the next test.
 */
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  clearToasts();
  resetWalletStore();
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
