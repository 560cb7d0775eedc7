// /settings signed in by e-mail: account information, then linking and unlinking a wallet
// (Hardhat account #1, so that it is not the wallet account of wallet-sign-in.spec.ts).
import { getAddress } from "viem";
import { currentUser, expect, expectToast, expectSiweMessage, freshEmail, shortAddress, TEST_KEYS, test } from "../support/fixtures";
import { signInOnPage } from "../support/api-sign-in";
import { pickMetaMaskInWalletModal } from "../support/flows";

test.use({ walletKey: TEST_KEYS.bob });

test("settings: account information, link and unlink a wallet", async ({ page, stack, wallet }) => {
  const email = freshEmail("ada");
  await signInOnPage(page, stack, email);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const info = page.getByRole("region", { name: "Account Information" });
  const field = (label: string) =>
    info
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd[1]");
  await expect(field("Email")).toHaveText(email);
  await expect(field("Name")).toHaveText("Not provided");

  const walletCard = page.getByRole("region", { name: "Wallet Connection" });
  await expect(walletCard).toContainText("No wallet is linked to your account.");
  await walletCard.getByRole("button", { name: "Connect Wallet" }).click();
  await pickMetaMaskInWalletModal(page);

  const linked = walletCard.getByTestId("linked-wallet-address");
  await expect(linked).toHaveText(shortAddress(wallet.address));
  await expect(linked).toHaveAttribute("title", getAddress(wallet.address));
  await expectToast(page, "Wallet Connected");
  expect(wallet.signedMessages).toHaveLength(1);
  expectSiweMessage(wallet.signedMessages[0], { address: wallet.address, stack });
  expect(getAddress((await currentUser(page)).walletAddress!)).toBe(getAddress(wallet.address));

  await walletCard.getByRole("button", { name: "Disconnect Wallet", exact: true }).click();
  await expectToast(page, "Wallet Disconnected");
  await expect(linked).toBeHidden();
  // The browser wallet is still connected: it can be linked again with one signature.
  await expect(walletCard.getByRole("button", { name: "Link Wallet" })).toBeVisible();
  expect((await currentUser(page)).walletAddress).toBeNull();
});

test("settings: the Withdrawal Methods card lists LOOP on chain with the fee the platform charges", async ({ page, stack }) => {
  await signInOnPage(page, stack, freshEmail("wdm"), "/settings");

  const card = page.getByRole("region", { name: "Withdrawal Methods" });
  const loop = card.getByRole("list", { name: "Available withdrawal methods" }).getByRole("listitem", { name: "LOOP on chain" });
  // No platform fee and the gas is the platform's (@loop/rules/withdrawal-fees, the API's netUsdAmount).
  await expect(loop).toContainText("Fee: No fee — the platform pays the network (gas) fee");
  await expect(loop).toContainText("Automatic payout");
  await expect(loop).toContainText("Paid automatically on chain from the LOOP vault on");
  // The platform setting (10 LOOP unless an admin changed it).
  await expect(card).toContainText(/Minimum withdrawal: [\d,.]+ LOOP on every method\./);
  await expect(card.getByRole("region", { name: "Coming soon" }).getByRole("listitem", { name: "PayPal" })).toContainText(
    "Provider's fee: 2.9% + $0.30",
  );

  await card.getByRole("link", { name: "Withdraw" }).click();
  await expect(page).toHaveURL(/\/tokens$/);
  await expect(page.getByRole("button", { name: "Withdraw", exact: true })).toBeVisible();
});
