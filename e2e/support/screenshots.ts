// Screenshots for docs/screenshots, taken by the browser tests only when LOOP_E2E_SCREENSHOTS is set
// (they cost time and are not what a test checks).
import path from "node:path";
import type { Locator, Page } from "@playwright/test";

const SCREENSHOT_ENV = "LOOP_E2E_SCREENSHOTS";
const PHONE = { width: 390, height: 844 };
/** The fixed top bar's height and a margin: an element scrolled to just under it. */
const UNDER_TOP_BAR_PX = 88;

/** True when this run writes docs/screenshots (steps that only set up a screenshot check it). */
export function screenshotsWanted(): boolean {
  return Boolean(process.env[SCREENSHOT_ENV]);
}

export interface ScreenshotOptions {
  /** The whole page, not only what the window shows. */
  fullPage?: boolean;
  /** Scrolled to just under the top bar first, so that the shot shows what it is about. */
  top?: Locator;
}

/** docs/screenshots/<name>.png of what the page shows. */
export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<void> {
  if (!screenshotsWanted()) return;
  if (options.top)
    await options.top.evaluate((element, offset) => window.scrollBy(0, element.getBoundingClientRect().top - offset), UNDER_TOP_BAR_PX);
  await page.screenshot({ path: path.join(__dirname, `../../docs/screenshots/${name}.png`), fullPage: options.fullPage ?? false });
}

/** The same at a phone's width (390 × 844), the page's own size put back afterwards. */
export async function phoneScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotsWanted()) return;
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  try {
    // Layout that follows a media query settles on the next frames.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await screenshot(page, name, options);
  } finally {
    if (size) await page.setViewportSize(size);
  }
}
