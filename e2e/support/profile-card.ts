// A loop's Buy or Make Offer dialog opened from its card on the creator's profile, as the purchase and
// offer specs start (purchase, card-purchase, wallet-purchase, licence, analytics, offers, wallet-offer).
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The card's button and the dialog it opens, by what the dialog is for. */
const NAMES = {
  buy: (title: string) => ({ button: `Buy ${title}`, dialog: `Buy ${title}` }),
  offer: (title: string) => ({ button: `Make Offer on ${title}`, dialog: `Make an Offer on ${title}` }),
};

/**
 * Goes to the creator's profile, finds the card of `title` (checked to show `price` when given) and
 * opens its Buy or Make Offer dialog: the card and the open dialog.
 */
export async function openFromProfileCard(
  page: Page,
  creatorId: string,
  title: string,
  kind: keyof typeof NAMES,
  price?: string,
): Promise<{ card: Locator; dialog: Locator }> {
  const names = NAMES[kind](title);
  await page.goto(`/profile/${creatorId}`);
  const card = page.getByRole("article", { name: title });
  if (price) await expect(card.getByTestId("loop-price")).toHaveText(price);
  await card.getByRole("button", { name: names.button }).click();
  const dialog = page.getByRole("dialog", { name: names.dialog });
  await expect(dialog).toBeVisible();
  return { card, dialog };
}

/** Opens the purchase dialog's "Wallet (on chain)" tab: its panel. */
export async function walletTab(dialog: Locator): Promise<Locator> {
  await dialog.getByRole("tab", { name: "Wallet (on chain)" }).click();
  return dialog.getByRole("tabpanel", { name: "Wallet (on chain)" });
}
