// Buying a loop from the wallet, on the local chain (issue 7): a creator (e-mail sign-in, no wallet)
// lists a $1.00 loop; a member signed in with the injected wallet (Hardhat account #3, funded with
// 1,000,000 LOOP by the local deployment) buys it as WAV from the creator's profile on the
// "Wallet (on chain)" tab. The injected wallet signs by itself (no prompt to click): LoopToken.approve
// when the allowance is short, then LoopMarketplace.purchase; the page reports the transaction until
// the settled Purchased event records the purchase, then the download starts and the card offers
// Download. On chain the buyer's LOOP drops by the total (520); the seller, who has no wallet, is
// paid to the vault and credited the price (500 LOOP) in app, and gets the sale e-mail.
import { parseUnits } from "viem";
import { expect, TEST_KEYS, test } from "../support/fixtures";
import { mailIds, waitForMail } from "../support/maildev";
import { chainLoopBalance, shownLoop } from "../support/loop-balances";
import { openFromProfileCard, walletTab } from "../support/profile-card";
import { payAndExpectWav } from "../support/purchase-delivery";
import { withPurchaseLock } from "../support/purchase-lock";
import { expectCreditedInApp, signInWalletBuyer, withWalletlessSeller } from "../support/wallet-sale";
import { EVENT_DEADLINE_MS } from "../support/deadlines";

test.use({ walletKey: TEST_KEYS.dave });

test("a wallet member buys a loop as WAV from the injected wallet; the seller without a wallet is credited in app", async ({
  page,
  stack,
  wallet: { address },
  browser,
}) => {
  // The creator, in their own browser: e-mail sign-in, no wallet, lists a $1.00 loop.
  await withWalletlessSeller(browser, stack, { emailLabel: "selma", titleWord: "Nebula", title: "Chain Groove" }, async (seller) => {
    const { title, slug } = seller;

    // The buyer: signed in with the injected wallet, a wallet-only account (no e-mail), whose LOOP on chain covers the total.
    const total = parseUnits("520", 18);
    const { user: me, startOnChain } = await signInWalletBuyer(page, stack, address, total);
    expect(me.email).toBeNull();

    // The creator's profile: Buy → WAV → the "Wallet (on chain)" tab.
    const { card, dialog } = await openFromProfileCard(page, seller.user.id, title, "buy", "$1.00");
    await dialog.getByRole("radio", { name: /WAV/ }).check();
    await expect(dialog.getByTestId("purchase-summary")).toContainText("Marketplace fee (WAV 4%)");
    await expect(dialog.getByTestId("purchase-total")).toHaveText("$1.04");
    // No e-mail on the account: the dialog promises only the download.
    await expect(dialog.getByText("Your download starts right after payment.")).toBeVisible();
    await expect(dialog.getByRole("tab", { name: "LOOP balance" })).toHaveAttribute("aria-selected", "true");
    const panel = await walletTab(dialog);
    await expect(panel.getByTestId("wallet-loop-amount")).toHaveText("520 LOOP");
    // The connected wallet is the account's linked one, with its LOOP read from the chain.
    await expect(panel.getByTestId("wallet-pay-address")).toHaveAttribute("title", address);
    await expect(panel.getByText("Linked wallet", { exact: true })).toBeVisible();
    await expect(panel.getByTestId("wallet-pay-balance")).toHaveText(`${shownLoop(startOnChain)} LOOP`);
    await expect(panel.getByText("Your wallet balance covers this purchase.")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Get Test LOOP Tokens" })).toHaveCount(0);

    // Pay from Wallet: the injected wallet sends approve (if the allowance is short) and purchase by
    // itself; the page waits for the receipt and for the settlement to record the purchase.
    const sellerMailsBefore = await mailIds(stack.mailUrl, seller.email);
    await withPurchaseLock(stack, () =>
      payAndExpectWav({ page, dialog, card, title, slug }, panel.getByRole("button", { name: "Pay from Wallet" }), {
        paying: panel.getByRole("button", { name: "Paying..." }),
        timeout: EVENT_DEADLINE_MS,
        message: `${title} (WAV) is yours. Your download is starting.`,
      }),
    );

    // On chain: exactly the total (price 500 + WAV fee 20 LOOP) left the buyer's wallet.
    expect(await chainLoopBalance(page.request, stack, address)).toBe(startOnChain - total);

    // The seller has no wallet: the marketplace paid the vault and the settlement credited the price
    // (not the fee) to the in-app balance.
    await expectCreditedInApp(seller, parseUnits("500", 18), `${title} (WAV)`);

    // The e-mail of this flow: the buyer signed in with a wallet and has no e-mail address (Settings
    // cannot add one), so only the seller is written to — "You sold …".
    const sale = await waitForMail(stack.mailUrl, seller.email, { except: sellerMailsBefore });
    expect(sale.subject).toBe(`You sold ${title} (WAV)`);
  });
});
