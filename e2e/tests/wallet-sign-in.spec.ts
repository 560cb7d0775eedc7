// Wallet sign-in with the injected EIP-6963 mock (Hardhat account #0), and logout through the menu.
import { getAddress } from "viem";
import { currentUser, expect, expectToast, expectSiweMessage, fetchCurrentUser, shortAddress, TEST_KEYS, test } from "../support/fixtures";
import { signInWithWallet } from "../support/flows";

test.use({ walletKey: TEST_KEYS.alice });

test.describe("wallet sign-in", () => {
  test("Join → wallet → MetaMask signs in, and a reload keeps the session and the wallet", async ({ page, stack, wallet }) => {
    await signInWithWallet(page);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Connected Successfully");
    // The page had the wallet sign one Sign-In with Ethereum message for this site.
    expect(wallet.signedMessages).toHaveLength(1);
    expectSiweMessage(wallet.signedMessages[0], { address: wallet.address, stack });

    const user = await currentUser(page);
    expect(user.walletAddress).not.toBeNull();
    expect(getAddress(user.walletAddress!)).toBe(getAddress(wallet.address));
    await expect(page.getByTestId("home-welcome")).toHaveText(/^Hi, \S+/);
    await expect(page.getByRole("button", { name: `Connected wallet ${shortAddress(wallet.address)}` })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId("home-welcome")).toBeVisible();
    // wagmi reconnects to the wallet that still grants the site access.
    const connected = page.getByRole("button", { name: `Connected wallet ${shortAddress(wallet.address)}` });
    await expect(connected).toBeVisible();
    await connected.click();
    await expect(page.getByTestId("connected-wallet-address")).toHaveText(shortAddress(wallet.address));
    expect(getAddress((await currentUser(page)).walletAddress!)).toBe(getAddress(wallet.address));
  });

  test("Logout from the menu signs out and disconnects the wallet", async ({ page, wallet }) => {
    await signInWithWallet(page);
    const connected = page.getByRole("button", { name: `Connected wallet ${shortAddress(wallet.address)}` });
    await expect(connected).toBeVisible();

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Make loops\./ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
    expect((await fetchCurrentUser(page)).status).toBe(401);

    // Signed out for good: a reload neither signs in again nor reconnects the wallet.
    await page.reload();
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
    await expect(connected).toBeHidden();
    expect((await fetchCurrentUser(page)).status).toBe(401);
  });
});
