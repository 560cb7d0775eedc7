// The /negotiations page as the offer tests read it.
import { expect, type Locator, type Page } from "@playwright/test";

/** /negotiations with `tab` selected: its panel. */
export async function negotiationsTab(page: Page, tab: "Sent Offers" | "Received Offers"): Promise<Locator> {
  await page.goto("/negotiations");
  await expect(page.getByRole("heading", { name: "Negotiations", level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: tab }).click();
  await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
  return page.getByRole("tabpanel", { name: tab });
}

/** The value of one amount ("Offer", "Counter offer", "Held", "Original price", …) of an offer's item. */
export function amount(item: Locator, label: string): Locator {
  return item
    .locator("dl > div")
    .filter({ has: item.page().getByText(label, { exact: true }) })
    .locator("dd");
}
