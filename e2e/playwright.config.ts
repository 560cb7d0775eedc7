// Browser end-to-end tests (`pnpm test:e2e`): Playwright driving Debian's Chromium against a
// separate LOOP stack that global-setup.ts starts (and stops) with the real orchestrator.
import path from "node:path";
import { defineConfig } from "@playwright/test";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: path.join(__dirname, "tests"),
  outputDir: path.join(__dirname, "..", "test-results"),
  globalSetup: path.join(__dirname, "global-setup.ts"),
  // One stack, one browser at a time: the tests share the stack's database.
  workers: 1,
  fullyParallel: false,
  // One retry under CI: the wallet modal has been seen to stay on "Opening MetaMask…" once in about
  // ten runs on a loaded machine (RainbowKit + the injected mock); the retry is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: "list",
  use: {
    browserName: "chromium",
    // The top bar's Logout button is hidden below the `sm` width.
    viewport: { width: 1280, height: 800 },
    // baseURL comes from the stack (support/fixtures.ts): its port is only known once it runs.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // No service worker may bypass the routing that blocks outside hosts.
    serviceWorkers: "block",
    locale: "en-US",
    timezoneId: "UTC",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Playwright cannot download its own browsers here: Debian's chromium.
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium" }],
});
