// An offer escrowed on chain from the wallet (wallet-funded offers): a creator (e-mail sign-in, no
// wallet) lists a $1.00 loop; a member signed in with the injected wallet (Hardhat account #4, funded
// with 1,000,000 LOOP by the local deployment) offers $0.50 for the MP3 from the loop's card on the
// creator's profile, paying with "Wallet (escrow on chain)". The page asks the API for the checked
// terms (the payee is LoopVault: the seller has no wallet), the injected wallet approves LOOP when the
// allowance is short and calls LoopMarketplace.openOffer by itself; the indexed OfferOpened event
// becomes a negotiation ("Offer Sent"). The creator finds it on /negotiations (Received Offers, "Wallet
// escrow") and accepts; the API's operator calls settleOffer and the OfferSettled event records the
// purchase. Both then see it accepted, the buyer's card offers Download (the MP3), 255 LOOP (the offer
// 250 + MP3 fee 5) left the wallet, and the creator's in-app balance went up by the offer (250 LOOP).
import type { Locator, Page } from "@playwright/test";
import { parseUnits } from "viem";
import { expect, expectToast, TEST_KEYS, test } from "../support/fixtures";
import { chainLoopBalance } from "../support/loop-balances";
import { openFromProfileCard } from "../support/profile-card";
import { downloadFromCard } from "../support/purchase-delivery";
import { amount, negotiationsTab } from "../support/negotiations";
import { expectCreditedInApp, signInWalletBuyer, withWalletlessSeller } from "../support/wallet-sale";
import { EVENT_DEADLINE_MS } from "../support/deadlines";

test.use({ walletKey: TEST_KEYS.erin });

/** Reloads /negotiations (`tab`) until the offer on `title` has `status` (the settlement is asynchronous). */
async function waitForStatus(page: Page, tab: "Sent Offers" | "Received Offers", title: string, status: string): Promise<Locator> {
  const item = page.getByRole("tabpanel", { name: tab }).getByRole("article", { name: title });
  await expect(async () => {
    await negotiationsTab(page, tab);
    await expect(item.getByTestId("negotiation-status")).toHaveAttribute("data-status", status, { timeout: 2_000 });
  }).toPass({ timeout: EVENT_DEADLINE_MS, intervals: [1_000, 2_000] });
  return item;
}

test("a wallet member offers from the wallet (escrow on chain); the seller without a wallet accepts, the operator settles, the seller is credited in app", async ({
  page,
  stack,
  wallet: { address },
  browser,
}) => {
  // The creator, in their own browser: e-mail sign-in, no wallet, lists a $1.00 loop.
  await withWalletlessSeller(browser, stack, { emailLabel: "wendy", titleWord: "Quasar", title: "Escrow Groove" }, async (seller) => {
    const { page: sellerPage, title, slug } = seller;

    // The buyer: signed in with the injected wallet, a wallet-only account, whose LOOP on chain covers the escrow.
    const escrow = parseUnits("255", 18);
    const { user: buyer, startOnChain } = await signInWalletBuyer(page, stack, address, escrow);
    expect(buyer.username).toBeTruthy();

    // The creator's profile: Make Offer → MP3 → $0.50 → "Wallet (escrow on chain)".
    const { card, dialog } = await openFromProfileCard(page, seller.user.id, title, "offer", "$1.00");
    await expect(dialog.getByTestId("offer-price")).toHaveText("Price: $1.00");
    await expect(dialog.getByRole("radio", { name: /MP3/ })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: "LOOP balance" })).toBeChecked();
    await dialog.getByRole("radio", { name: "Wallet (escrow on chain)" }).check();
    await expect(dialog.getByRole("radio", { name: "Wallet (escrow on chain)" })).toBeChecked();
    // A wallet offer carries no message; the wallet is linked, so no "Link a wallet" alert.
    await expect(dialog.getByLabel("Message (optional)")).toHaveCount(0);
    await expect(dialog.getByText("Link a wallet in Settings to make offers from it.")).toHaveCount(0);
    await expect(dialog.getByText("Wallet offers are not available on this network.")).toHaveCount(0);
    await dialog.getByLabel("Your offer (USD)").fill("0.50");
    const summary = dialog.getByTestId("offer-summary");
    await expect(summary).toContainText("Marketplace fee (MP3 2%)");
    await expect(summary).toContainText("Total if accepted$0.51");
    await expect(dialog.getByTestId("offer-held")).toHaveText("Escrowed on chain from your wallet: 255 LOOP");
    const send = dialog.getByRole("button", { name: "Send Offer" });
    await expect(send).toBeEnabled();

    // Send Offer: terms from the API, approve (if the allowance is short), openOffer, its receipt, and
    // the negotiation recorded from the indexed OfferOpened event.
    await send.click();
    await expect(dialog.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expectToast(page, "Offer Sent", `Your offer of $0.50 for ${title} was sent to the creator.`, { timeout: EVENT_DEADLINE_MS });
    await expect(dialog).toBeHidden();
    // On chain: the offer plus its MP3 fee is escrowed from the wallet.
    expect(await chainLoopBalance(page.request, stack, address)).toBe(startOnChain - escrow);

    // The buyer's Sent Offers: pending, escrowed from the wallet (nothing held in app), withdrawable.
    const sent = await negotiationsTab(page, "Sent Offers");
    const sentItem = sent.getByRole("article", { name: title });
    await expect(sentItem).toHaveCount(1);
    await expect(sentItem.getByTestId("negotiation-status")).toHaveAttribute("data-status", "pending");
    await expect(sentItem.getByTestId("negotiation-funding")).toHaveText("Wallet escrow");
    await expect(sentItem).toContainText(`Seller: ${seller.user.username}`);
    await expect(amount(sentItem, "Offer")).toHaveText("$0.50");
    await expect(amount(sentItem, "Held")).toHaveCount(0);
    await expect(sentItem.getByRole("button", { name: `Withdraw offer on ${title}` })).toBeVisible();

    // The seller's Received Offers: the wallet escrow tag; Accept.
    const received = await negotiationsTab(sellerPage, "Received Offers");
    const receivedItem = received.getByRole("article", { name: title });
    await expect(receivedItem).toHaveCount(1);
    await expect(receivedItem.getByTestId("negotiation-status")).toHaveAttribute("data-status", "pending");
    await expect(receivedItem.getByTestId("negotiation-status")).toHaveText("Pending");
    await expect(receivedItem.getByTestId("negotiation-funding")).toHaveText("Wallet escrow");
    await expect(receivedItem).toContainText(`Buyer: ${buyer.username}`);
    await expect(receivedItem).toContainText("MP3");
    await expect(amount(receivedItem, "Original price")).toHaveText("$1.00");
    await expect(amount(receivedItem, "Offer")).toHaveText("$0.50");
    await receivedItem.getByRole("button", { name: `Accept offer on ${title}` }).click();
    const acceptDialog = sellerPage.getByRole("dialog", { name: "Accept Offer" });
    await expect(acceptDialog).toBeVisible();
    await expect(acceptDialog).toContainText(`Sell ${title} (MP3) to ${buyer.username} for $0.50.`);
    await acceptDialog.getByRole("button", { name: "Send Response" }).click();
    await expectToast(sellerPage, "Response Sent");
    await expect(acceptDialog).toBeHidden();

    // The operator's settleOffer and the indexed OfferSettled event: reload until it is accepted.
    const acceptedReceived = await waitForStatus(sellerPage, "Received Offers", title, "accepted");
    await expect(acceptedReceived.getByTestId("negotiation-status")).toHaveText("Accepted");
    await expect(acceptedReceived.getByTestId("negotiation-settling")).toHaveCount(0);
    await expect(acceptedReceived.getByRole("button")).toHaveCount(0);
    const acceptedSent = await waitForStatus(page, "Sent Offers", title, "accepted");
    await expect(acceptedSent.getByTestId("negotiation-status")).toHaveText("Accepted");
    await expect(acceptedSent.getByTestId("negotiation-funding")).toHaveText("Wallet escrow");
    await expect(acceptedSent.getByRole("button")).toHaveCount(0);

    // A completed purchase: the buyer's card offers Download, which gives the MP3.
    await page.goto(`/profile/${seller.user.id}`);
    await expect(card.getByRole("button", { name: `Download ${title}` })).toBeVisible();
    await downloadFromCard(page, card, { title, slug, format: "mp3" });
    // The escrow went to the vault: the wallet is down by exactly the offer plus fee.
    expect(await chainLoopBalance(page.request, stack, address)).toBe(startOnChain - escrow);

    // The seller has no wallet: the marketplace paid LoopVault and the settlement credited the offer
    // (not the fee) in app — 0.50 × 500 = 250 LOOP, on /tokens.
    await expectCreditedInApp(seller, parseUnits("250", 18), title);
  });
});
