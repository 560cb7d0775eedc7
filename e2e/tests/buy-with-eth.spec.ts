// Buying LOOP with ETH through the local Uniswap V2 pool (issue 40): a member whose wallet holds only
// ETH (a fresh key, funded with ETH by this test: no LOOP from the deployment) signs in with the
// injected wallet, opens Buy with ETH from the home page's balance banner, asks for 1,000 LOOP, sees
// the pool's quote (price impact, minimum received), keeps "Credit to my LOOP balance" and confirms;
// the injected wallet sends LoopZap.swapEthAndDeposit by itself. The page shows its progress until
// the in-app balance has the credit: exactly 1,000 LOOP, credited once (one "Bought with ETH" in the history),
// and the Token page's exchange card shows the pool's price moved by the trade.
import { generatePrivateKey } from "viem/accounts";
import { numberToHex, parseEther, parseUnits } from "viem";
import { EVENT_DEADLINE_MS } from "../support/deadlines";
import { expect, expectToast, test } from "../support/fixtures";
import { signInWithWallet } from "../support/flows";
import { chainLoopBalance, inAppWei } from "../support/loop-balances";

test.use({ walletKey: generatePrivateKey() });

test("a member with only ETH buys 1,000 LOOP in app; it is credited once and the exchange card's price moves", async ({
  page,
  stack,
  wallet: { address },
}) => {
  // Only ETH: 1 ETH from the test, no LOOP.
  const rpc = async (method: string, params: unknown[]) => {
    const response = await page.request.post(stack.rpcUrl, { data: { jsonrpc: "2.0", id: 1, method, params } });
    expect((await response.json()).error, method).toBeUndefined();
  };
  await rpc("hardhat_setBalance", [address, numberToHex(parseEther("1"))]);
  // The injected wallet sends transactions through the node (it signs only messages itself): the node
  // must send for this new key, as it does for its own accounts.
  await rpc("hardhat_impersonateAccount", [address]);
  expect(await chainLoopBalance(page.request, stack, address)).toBe(0n);

  // The pool's price before, as the Token page's exchange panel shows it.
  await page.goto("/tokens");
  const panel = page.getByRole("region", { name: "LOOP on Uniswap V2 (local)" });
  const price = panel.getByTestId(`pool-price-${stack.chainId}`);
  await expect(price).toHaveText(/^\$0\.\d{6}$/);
  const priceBefore = await price.textContent();

  await signInWithWallet(page);
  const start = await inAppWei(page);
  const banner = page.getByRole("region", { name: /LOOP Balance/ });
  // On a screen shorter than the dialog (a small laptop's 640 px), its last button is reached by
  // scrolling within the dialog: the page behind it does not scroll while a dialog is open.
  await page.setViewportSize({ width: 1280, height: 640 });
  await banner.getByRole("button", { name: "Buy with ETH" }).click();
  const dialog = page.getByRole("dialog", { name: "Buy LOOP with ETH" });
  await expect(dialog.getByRole("button", { name: "LOOP wanted" })).toHaveAttribute("aria-pressed", "true");
  await dialog.getByLabel("LOOP wanted").fill("1000");
  await expect(dialog.getByTestId("buy-quote-receive")).toHaveText("1,000 LOOP");
  await expect(dialog.getByTestId("buy-quote-pay")).toHaveText(/^≈ 0\.000\d+ ETH$/);
  await expect(dialog.getByTestId("buy-quote-impact")).toHaveText(/^0\.0\d%$/);
  await expect(dialog.getByTestId("buy-quote-bound")).toHaveText("995 LOOP");
  await expect(dialog.getByRole("radio", { name: /Credit to my LOOP balance/ })).toBeChecked();

  await dialog.getByRole("button", { name: "Buy with ETH" }).click();
  // Progress until the balance has the credit; then the dialog closes with the amount credited.
  await expectToast(page, "LOOP Bought", "1,000 LOOP added to your balance", { timeout: EVENT_DEADLINE_MS });
  await expect(dialog).toBeHidden();
  expect(await inAppWei(page)).toBe(start + parseUnits("1000", 18));
  // No LOOP left in the wallet beyond the swap's remainder below one ledger unit.
  expect(await chainLoopBalance(page.request, stack, address)).toBeLessThan(10n ** 10n);

  // Credited once: one deposit of +1,000 LOOP in the history, which says it was bought with ETH (not
  // a deposit from the zap's address), and the balance stays put.
  await page.goto("/tokens");
  const deposits = page.getByRole("list", { name: "Transfers", exact: true }).getByRole("listitem").filter({ hasText: "+1,000 LOOP" });
  await expect(deposits).toHaveCount(1);
  await expect(deposits).toContainText("Bought with ETH");
  expect(await inAppWei(page)).toBe(start + parseUnits("1000", 18));

  // The exchange panel's price moved by the trade (read from the indexed pool).
  await expect(price).not.toHaveText(priceBefore!, { timeout: EVENT_DEADLINE_MS });
  await expect(panel.getByTestId(`pool-trades-${stack.chainId}`)).not.toHaveText("0");
});
