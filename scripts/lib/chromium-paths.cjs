// Where Debian's and Ubuntu's Chromium binaries are, and which one a tool runs: used by
// scripts/lib/chromium.mjs (which also installs them) and by e2e/playwright.config.ts (which
// launches one). CommonJS so that Playwright's TypeScript config can require it.
"use strict";
const { existsSync } = require("node:fs");

/** The full browser (Debian's package chromium; Ubuntu's older chromium-browser). */
const BROWSER_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** Debian's headless shell (package chromium-headless-shell; /usr/bin/chromium-headless-shell is a script that runs it). */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/** CHROMIUM_PATH when it exists, else (headlessShell) Debian's headless shell, else Debian's or Ubuntu's browser, else null. */
function findChromium(env = process.env, { headlessShell = false } = {}) {
  const candidates = [env.CHROMIUM_PATH, ...(headlessShell ? [HEADLESS_SHELL] : []), ...BROWSER_CANDIDATES].filter(Boolean);
  return candidates.find((file) => existsSync(file)) ?? null;
}

module.exports = { BROWSER_CANDIDATES, HEADLESS_SHELL, findChromium };
