// axe (the accessibility engine Lighthouse uses): no serious or critical violation on any page the
// browser tests visit (issue 36). Two ways in:
//  - `expectAccessible(page, what)`: the page as it is now, where a test wants a given state checked;
//  - `auditVisitedPages(context)` (the `context` fixture, support/fixtures.ts): every page a test
//    opens in its context is checked once per route and run (ids in the path make one route), by
//    the first test of either worker to open it, when it has loaded, while that test goes on; the
//    test fails at its end with what axe found.
import { closeSync, mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page } from "@playwright/test";

/** The serious and critical violations axe finds on `page`, each as "rule: help (where)". */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.html)
          .slice(0, 3)
          .join(", ")})`,
    );
}

/** Fails with axe's findings when the page has a serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousA11yViolations(page), `axe on ${what}`).toEqual([]);
}

/** `/loops/3f…-…/x?y` → `/loops/:id/x`: one route, whatever its ids. */
export function routeOf(url: string): string | null {
  const { protocol, pathname } = new URL(url);
  if (!protocol.startsWith("http") || pathname.startsWith("/api/")) return null;
  return pathname.replace(/\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|0x[0-9a-fA-F]+|\d+)(?=\/|$)/g, "/:id");
}

/**
 * Claims `route` for this run: one empty file per route in the run's folder, created exclusively,
 * so that of the two workers only the first to open a route audits it (axe costs seconds of CPU).
 */
function claimRoute(claims: string, route: string): boolean {
  try {
    closeSync(openSync(path.join(claims, encodeURIComponent(route)), "wx"));
    return true;
  } catch {
    return false;
  }
}

function releaseRoute(claims: string, route: string): void {
  rmSync(path.join(claims, encodeURIComponent(route)), { force: true });
}
/** How long a page may stay busy (aria-busy, a loading placeholder) before it is audited as it is. */
const SETTLE_MS = 15_000;

export interface PageAudits {
  /** Waits for the audits still running; answers every violation found, by route. */
  finish(): Promise<string[]>;
}

/**
 * Audits each route the context's pages navigate to (full loads and the app's own navigations),
 * once it has loaded and nothing on it says it is busy. An audit that a navigation or a closed page
 * interrupts leaves its route to a later visit.
 */
export function auditVisitedPages(context: BrowserContext, runDir: string): PageAudits {
  const claims = path.join(runDir, "axe-routes");
  mkdirSync(claims, { recursive: true });
  const running = new Set<Promise<void>>();
  const found: string[] = [];
  const audit = async (page: Page, route: string) => {
    try {
      await page.waitForLoadState("load");
      await page
        .waitForFunction(() => !document.querySelector('[aria-busy="true"], [role="status"][aria-label^="Loading"]'), undefined, {
          polling: 250,
          timeout: SETTLE_MS,
        })
        .catch(() => undefined);
      if (page.isClosed() || routeOf(page.url()) !== route) throw new Error("navigated away");
      const violations = await seriousA11yViolations(page);
      for (const violation of violations) found.push(`${route}: ${violation}`);
    } catch {
      releaseRoute(claims, route);
    }
  };
  const watch = (page: Page) => {
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      const route = routeOf(frame.url());
      if (!route || !claimRoute(claims, route)) return;
      const done = audit(page, route).finally(() => running.delete(done));
      running.add(done);
    });
  };
  context.on("page", watch);
  for (const page of context.pages()) watch(page);
  return {
    async finish() {
      while (running.size) await Promise.all([...running]);
      return found;
    },
  };
}
