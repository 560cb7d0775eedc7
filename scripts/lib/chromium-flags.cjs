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
 * Features turned off on top of the driving tool's own list. WebUIOmniboxFullPopup: Chromium 156
 * preloads its address bar's WebUI popup (some 400 modules, in a renderer of its own) while the
 * first page loads. A headless browser never shows it, but on two cores it takes CPU from the page
 * being measured.
 */
const DISABLED_FEATURES = ["WebUIOmniboxFullPopup"];

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

module.exports = { CHROMIUM_FLAGS, DISABLED_FEATURES, disableFeaturesFlag };
