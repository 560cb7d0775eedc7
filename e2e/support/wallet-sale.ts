// The two sides of a sale paid from the injected wallet (wallet-purchase.spec.ts, wallet-offer.spec.ts):
// a creator without a wallet in a browser of their own who lists a $1.00 loop and is credited in app,
// and a buyer signed in with the injected wallet whose LOOP on chain pays.
import type { Browser, Page } from "@playwright/test";
import { getAddress, type Hex } from "viem";
import { currentUser, expect, freshEmail, type CurrentUser } from "./fixtures";
import { signInWithEmail, signInWithWallet } from "./flows";
import { blockNonLocalRequests } from "./injected-wallet";
import { recordToasts } from "./toasts";
import { chainLoopBalance, inAppWei, shownLoop } from "./loop-balances";
import type { StackInfo } from "./stack";
import { uniqueWord, uploadLoop } from "./upload";
import { EVENT_DEADLINE_MS } from "./deadlines";

export interface WalletlessSeller {
  /** The seller's page, in a browser context of its own. */
  page: Page;
  email: string;
  user: CurrentUser;
  /** The listed loop: `<unique word> <title>`, and the file name its downloads get (without extension). */
  title: string;
  slug: string;
  /** The seller's in-app balance (wei) once the loop is listed. */
  startWei: bigint;
}

/**
 * Runs `flow` with a creator in their own browser: signed in by e-mail (`emailLabel`), no wallet,
 * who lists a $1.00 Funk loop titled `<unique word from titleWord> <title>`. Closes that browser
 * afterwards and checks that it called no host outside this machine.
 */
export async function withWalletlessSeller(
  browser: Browser,
  stack: StackInfo,
  { emailLabel, titleWord, title }: { emailLabel: string; titleWord: string; title: string },
  flow: (seller: WalletlessSeller) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ baseURL: stack.webUrl });
  const blocked: string[] = [];
  await blockNonLocalRequests(context, (url) => blocked.push(url));
  await recordToasts(context);
  try {
    const page = await context.newPage();
    const email = freshEmail(emailLabel);
    await signInWithEmail(page, stack, email);
    const user = await currentUser(page);
    expect(user.walletAddress).toBeNull();
    const word = uniqueWord(titleWord);
    const listed = `${word} ${title}`;
    const slug = `${word} ${title}`.toLowerCase().replaceAll(" ", "-");
    await uploadLoop(page, { title: listed, price: "1.00", genre: "Funk" });
    const startWei = await inAppWei(page);
    await flow({ page, email, user, title: listed, slug, startWei });
  } finally {
    await context.close();
  }
  expect(blocked, "the app must not call hosts outside this machine").toEqual([]);
}

/**
 * Signs `page` in with the injected wallet at `address` (a wallet-only account) and returns the
 * account and its LOOP on chain (wei), checked to cover `spend` (relative to where the wallet starts:
 * a retry or repeat finds earlier runs' spending).
 */
export async function signInWalletBuyer(page: Page, stack: StackInfo, address: Hex, spend: bigint) {
  await signInWithWallet(page);
  const user = await currentUser(page);
  expect(getAddress(user.walletAddress!)).toBe(address);
  const startOnChain = await chainLoopBalance(page.request, stack, address);
  expect(startOnChain).toBeGreaterThan(spend);
  return { user, startOnChain };
}

/**
 * The seller without a wallet was credited `amount` (wei) in app for the sale: the balance (polled, the
 * settlement is asynchronous), then /tokens shows it, with one transfer of +amount for `sale` (text of
 * the item).
 */
export async function expectCreditedInApp(seller: WalletlessSeller, amount: bigint, sale: string): Promise<void> {
  const credited = seller.startWei + amount;
  await expect.poll(() => inAppWei(seller.page), { message: "the seller's in-app balance", timeout: EVENT_DEADLINE_MS }).toBe(credited);
  await seller.page.goto("/tokens");
  await expect(seller.page.getByRole("region", { name: /Your LOOP Balance/ }).getByTestId("wallet-balance")).toHaveText(
    `${shownLoop(credited)} LOOP`,
  );
  const sold = seller.page.getByRole("list", { name: "Transfers", exact: true }).getByRole("listitem").filter({ hasText: sale });
  await expect(sold).toHaveCount(1);
  await expect(sold).toContainText(`+${shownLoop(amount)} LOOP`);
}
