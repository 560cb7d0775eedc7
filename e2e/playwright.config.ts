// Browser end-to-end tests (`pnpm test:e2e`): Playwright driving Debian's Chromium against a
// separate LOOP stack that global-setup.ts starts (and stops): the production build served by the
// real orchestrator of `pnpm start`, with its own database, chain, indexer and mail catcher.
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, disableFeaturesFlag, playwrightDisableFeaturesFlag } from "../scripts/lib/chromium-flags.cjs";

// The flags shared with the Lighthouse bench (scripts/lib/chromium-flags.cjs). Chromium keeps only
// one --disable-features: Playwright's own is replaced by one that holds its list and ours (the
// address bar's popups that every new window loaded: 1-2 s of CPU per browser context).
const PLAYWRIGHT_DISABLE_FEATURES = playwrightDisableFeaturesFlag();
const CHROMIUM_ARGS = ["--headless", ...CHROMIUM_FLAGS, disableFeaturesFlag([PLAYWRIGHT_DISABLE_FEATURES])];

export default defineConfig({
  testDir: path.join(__dirname, "tests"),
  outputDir: path.join(__dirname, "..", "test-results"),
  globalSetup: path.join(__dirname, "global-setup.ts"),
  // Two files at a time on the one stack (a CI machine has two cores): every test makes its own
  // members, and each file that uses a wallet has its own Hardhat account, so nothing they count
  // or spend is shared. The tests of one file run in order in one worker.
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: false,
  // One retry under CI, to tell a flaky test from a broken one in the same run; a test that needed
  // it still fails the run (failOnFlakyTests): a flake is a bug to fix, not a pass.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  forbidOnly: Boolean(process.env.CI),
  // Limits far above what anything takes on a loaded 2-core machine (issue 34: `pnpm test:slow`):
  // a test waits for events, and these only end one that hangs. One limit for every test (the
  // longest, social.spec.ts, takes about a minute there); what the stack does in its own time
  // (processing, the chain, settlement, mail) waits up to support/deadlines.ts; the page's own
  // reactions up to `expect.timeout`.
  timeout: 360_000,
  expect: { timeout: 30_000 },
  reporter: "list",
  use: {
    browserName: "chromium",
    // The top bar's Logout button is hidden below the `sm` width.
    viewport: { width: 1280, height: 800 },
    // baseURL comes from the stack (support/fixtures.ts): its port is only known once it runs.
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // No service worker may bypass the routing that blocks outside hosts.
    serviceWorkers: "block",
    locale: "en-US",
    timezoneId: "UTC",
    // A trace records a screencast of every step: on two cores that doubled the browsers' CPU (5 min
    // 43 s → 3 min 47 s for the whole run without it). So only a retried test records one (under
    // CI, the retry of a failure); locally, `pnpm test:e2e --trace on` when a test needs a look.
    trace: "on-first-retry",
    // The app honours prefers-reduced-motion (index.css): no pulse or spinner repaints the page
    // every frame while a test waits (the browsers' GPU process: 83 s → 36 s of CPU per run).
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      // Playwright cannot download its own browsers here: Debian's chromium.
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: [PLAYWRIGHT_DISABLE_FEATURES],
    },
  },
  projects: [{ name: "chromium" }],
});
