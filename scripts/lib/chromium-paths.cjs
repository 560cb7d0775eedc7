// Where Debian's and Ubuntu's Chromium binaries are: read by scripts/lib/chromium.mjs (which finds
// and installs them) and by e2e/playwright.config.ts (which launches one). CommonJS so that
// Playwright's TypeScript config can require it.
"use strict";

/** The full browser (Debian's package chromium; Ubuntu's older chromium-browser). */
const BROWSER_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** Debian's headless shell (package chromium-headless-shell; /usr/bin/chromium-headless-shell is a script that runs it). */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

module.exports = { BROWSER_CANDIDATES, HEADLESS_SHELL };
