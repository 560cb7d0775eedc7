// axe (the accessibility engine Lighthouse uses) on the page as it is now: no serious or critical
// violation (issue 36). Each browser test calls it on the pages it visits.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

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
