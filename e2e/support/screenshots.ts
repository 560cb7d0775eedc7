// Screenshots for docs/screenshots, taken by the browser tests only when LOOP_E2E_SCREENSHOTS is set
// (they cost time and are not what a test checks).
import path from "node:path";
import type { Page } from "@playwright/test";

export const SCREENSHOT_ENV = "LOOP_E2E_SCREENSHOTS";
const PHONE = { width: 390, height: 844 };

/** docs/screenshots/<name>.png of what the page shows (the whole page with `fullPage`). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env[SCREENSHOT_ENV]) return;
  await page.screenshot({ path: path.join(__dirname, `../../docs/screenshots/${name}.png`), fullPage: options.fullPage ?? false });
}

/** The same at a phone's width (390 × 844), the page's own size put back afterwards. */
export async function phoneScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env[SCREENSHOT_ENV]) return;
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
