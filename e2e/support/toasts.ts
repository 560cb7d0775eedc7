// Toasts as events. A toast lives 5 s (web TOAST_DURATION_MS), and the next one replaces it: a check
// that starts later than that (after a slow step on a loaded machine) would find it gone, so a test
// asks whether a toast was shown, not whether one is on the screen when it looks. Every page of a
// context given to `recordToasts` writes each toast it shows (its text, once per change) to
// `window.__loopToasts`; `expectToast` takes one matching entry off that list.
import { type BrowserContext, expect, type Page } from "@playwright/test";

declare global {
  interface Window {
    __loopToasts?: string[];
  }
}

/** Radix's viewport: an <ol> in the region "Notifications (F8)", one <li> per toast on the screen. */
const TOAST_ITEMS = '[role="region"][aria-label^="Notifications"] li';

/** Records, in every page the context opens from now on, the text of each toast the app shows. */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript((toastItems: string) => {
    const shown: string[] = [];
    window.__loopToasts = shown;
    // The text last recorded for each toast element: a toast whose text changes is recorded again.
    const lastText = new WeakMap<Element, string>();
    const read = () => {
      for (const item of document.querySelectorAll(toastItems)) {
        const text = (item.textContent ?? "").replace(/\s+/g, " ").trim();
        if (text === "" || lastText.get(item) === text) continue;
        lastText.set(item, text);
        shown.push(text);
      }
    };
    new MutationObserver(read).observe(document, { childList: true, subtree: true, characterData: true });
  }, TOAST_ITEMS);
}

/**
 * Waits until the page has shown a toast with this title (and this text, when given) since the
 * last check that matched it, and takes it off the list: two checks for the same title need two toasts.
 */
export async function expectToast(page: Page, title: string, text?: string, { timeout }: { timeout?: number } = {}): Promise<void> {
  const wanted = `a toast "${title}"${text === undefined ? "" : ` saying "${text}"`}`;
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ title, text }) => {
            const shown = window.__loopToasts;
            if (!shown) return "no toast recorder: this page's context was not given to recordToasts";
            const index = shown.findIndex((entry) => entry.includes(title) && (text === null || entry.includes(text)));
            if (index === -1) return `toasts shown: ${JSON.stringify(shown)}`;
            shown.splice(index, 1);
            return "shown";
          },
          { title, text: text ?? null },
        ),
      { message: wanted, timeout },
    )
    .toBe("shown");
}

/**
 * Waits until no toast is on the screen, with the pointer moved off them first. A toast covers the
 * bottom-right corner for its 5 s, and one under the pointer keeps itself open (Radix pauses its
 * timer while hovered): a click on what lies beneath, retried by Playwright from that very spot,
 * would hover it open for good. A person waits for it to go, or moves the pointer away; so does this.
 */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator(TOAST_ITEMS)).toHaveCount(0);
}
