// The flags every Chromium we drive gets: the browser tests' (e2e/playwright.config.ts, through
// Playwright) and the Lighthouse bench's (scripts/bench/pages.mjs, through chrome-launcher). CommonJS
// so that Playwright's TypeScript config can require it as well as the benches import it.
"use strict";

/** Headless on this machine: no sandbox (root in a container), no GPU, nothing fetched from outside. */
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // No host but this machine resolves: nothing a page asks for leaves it (the browser tests'
  // support/injected-wallet.ts blockNonLocalRequests reports any such request, and the test fails).
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
];

/**
 * Features turned off on top of the driving tool's own list. Chromium 156 loads its address bar's
 * WebUI popups (chrome://omnibox-popup.top-chrome/, and its AI-mode page: some 400 modules, in a
 * renderer of their own) for every window it opens, so for every browser context of a test. A
 * headless browser never shows them, but on two cores each costs 1-2 s of CPU taken from the pages
 * being tested or measured. All three switches are needed: each popup has its own.
 */
const DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

/**
 * One `--disable-features` switch: Chromium keeps only the last one given, so a second switch would
 * silently drop the list the tool that launches the browser passes first. `toolFlags` are that
 * tool's default flags; their list and ours are merged.
 */
function disableFeaturesFlag(toolFlags) {
  const prefix = "--disable-features=";
  const tools = toolFlags.filter((flag) => flag.startsWith(prefix)).flatMap((flag) => flag.slice(prefix.length).split(","));
  return `${prefix}${[...new Set([...tools, ...DISABLED_FEATURES])].filter(Boolean).join(",")}`;
}

/**
 * The `--disable-features` switch Playwright passes to Chromium. Playwright does not export its
 * list, so it is read from its bundle (a constant array of strings there). Ours must include it:
 * with two switches Chromium keeps the last, and Playwright's list holds features its interception
 * needs (AvoidCorsURLLoaderRestartOnRedirect). Fails loudly when a Playwright upgrade moves it.
 */
function playwrightDisableFeaturesFlag() {
  const fs = require("node:fs");
  const path = require("node:path");
  const testPackage = path.dirname(require.resolve("@playwright/test/package.json"));
  const bundle = require.resolve("playwright-core/lib/coreBundle", { paths: [testPackage] });
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(fs.readFileSync(bundle, "utf8"));
  const features = list ? [...list[1].matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((match) => match[1]) : [];
  if (features.length === 0) {
    throw new Error(`Playwright's --disable-features list was not found in ${bundle}: update scripts/lib/chromium-flags.cjs`);
  }
  return `--disable-features=${features.join(",")}`;
}

module.exports = { CHROMIUM_FLAGS, DISABLED_FEATURES, disableFeaturesFlag, playwrightDisableFeaturesFlag };
