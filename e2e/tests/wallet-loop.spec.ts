// Wallet LOOP and the in-app balance (issue 6): a member signed in with the injected wallet
// (Hardhat account #2, funded with 1,000,000 LOOP by the local deployment) deposits wallet LOOP
// into LoopVault from the Token page and sees it credited once the chain event is settled; then
// withdraws in-app LOOP with method `loop` to the same wallet, an admin sets it to processing (the
// API pays it out of the vault), and the settled PaidOut completes it with its transaction hash.
import type { APIRequestContext, Page } from "@playwright/test";
import { encodeFunctionData, erc20Abi, getAddress, type Hex, hexToBigInt, parseUnits } from "viem";
import { currentUser, expect, TEST_KEYS, test, toast } from "../support/fixtures";
import { signInWithEmail, signInWithWallet } from "../support/flows";
import type { StackInfo } from "../support/stack";

test.use({ walletKey: TEST_KEYS.carol });

const inAppBalance = (page: Page) => page.getByRole("region", { name: /Your LOOP Balance/ });
const walletCard = (page: Page) => page.getByRole("region", { name: "Wallet LOOP" });

/** LoopToken.balanceOf(owner) straight from the Hardhat node (token address from GET /api/config). */
async function chainLoopBalance(request: APIRequestContext, stack: StackInfo, owner: Hex): Promise<bigint> {
  const config = (await (await request.get("/api/config")).json()) as { chains: { id: number; contracts: { token: Hex } | null }[] };
  const token = config.chains.find((chain) => chain.id === stack.chainId)?.contracts?.token;
  expect(token, `LoopToken on chain ${stack.chainId} in /api/config`).toBeTruthy();
  const response = await request.post(stack.rpcUrl, {
    data: { jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] }) }, "latest"] },
  });
  const body = (await response.json()) as { result?: Hex; error?: unknown };
  expect(body.error).toBeUndefined();
  return hexToBigInt(body.result!);
}

/**
 * Records the text of every toast the page shows from now on (Radix's "Notifications (F8)" list);
 * the returned function reads them, oldest first.
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __loopE2eToasts: string[] }).__loopE2eToasts = seen;
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const items = node.matches("li") ? [node] : Array.from(node.querySelectorAll("li"));
          for (const item of items) {
            if (item.closest('[role="region"][aria-label^="Notifications"]')) seen.push(item.textContent ?? "");
          }
        }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __loopE2eToasts: string[] }).__loopE2eToasts]);
}

test("deposit wallet LOOP into the app, withdraw it back on chain through an admin", async ({ page, stack, wallet, browser }) => {
  test.setTimeout(90_000);
  const address = getAddress(wallet.address);

  // Signed in with the wallet: the account's linked wallet is the injected one.
  await signInWithWallet(page);
  const me = await currentUser(page);
  expect(getAddress(me.walletAddress!)).toBe(address);
  const startOnChain = await chainLoopBalance(page.request, stack, address);
  expect(startOnChain).toBe(parseUnits("1000000", 18));

  // The Token page, My Wallet tab: the welcome bonus in the app, the wallet's LOOP on chain.
  await page.goto("/tokens");
  await expect(page.getByRole("tab", { name: /My Wallet/ })).toHaveAttribute("aria-selected", "true");
  await expect(inAppBalance(page).getByTestId("wallet-balance")).toContainText("500.00000000");
  const card = walletCard(page);
  await expect(card.getByTestId("wallet-loop-address")).toHaveAttribute("title", address);
  await expect(card.getByTestId("wallet-loop-balance")).toHaveText("1,000,000.00000000 LOOP");
  // Its on-chain history so far: the deployment's funding mint.
  const walletHistory = card.getByRole("list", { name: "Wallet transfers" });
  await expect(walletHistory.getByTestId("wallet-transfer")).toHaveCount(1);
  await expect(walletHistory.getByTestId("wallet-transfer").filter({ hasText: "Newly minted LOOP" })).toContainText("+1,000,000.00000000 LOOP");

  // Deposit 12.5 LOOP: the injected wallet sends approve and deposit, the settlement credits it.
  await card.getByRole("button", { name: "Deposit", exact: true }).click();
  const deposit = page.getByRole("dialog", { name: "Deposit LOOP" });
  await expect(deposit.getByTestId("deposit-wallet-balance")).toContainText("Wallet balance: 1,000,000.00000000 LOOP");
  await deposit.getByLabel("Amount (LOOP)").fill("12.5");
  const toasts = await recordToasts(page);
  await deposit.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(deposit).toBeHidden({ timeout: 30_000 });
  // One toast shows at a time: 'Deposit Submitted' gives way to 'Deposit Successful' as soon as the
  // credit arrives (often within a second), so both are read from what the page showed.
  await expect
    .poll(async () => [...new Set((await toasts()).map((text) => text.match(/^Deposit (Submitted|Successful|Failed)/)?.[0] ?? text))], { message: "the toasts the deposit showed" })
    .toEqual(["Deposit Submitted", "Deposit Successful"]);
  expect((await toasts()).find((text) => text.startsWith("Deposit Successful"))).toContain("12.50000000 LOOP added to your balance");

  await expect(inAppBalance(page).getByTestId("wallet-balance")).toContainText("512.50000000");
  const transfers = page.getByRole("list", { name: "Transfers", exact: true });
  await expect(transfers.getByRole("listitem").filter({ hasText: `Deposit from wallet` }).first()).toContainText("+12.50000000 LOOP");
  const depositRow = walletHistory.getByTestId("wallet-transfer").filter({ hasText: "Deposited into your in-app balance" });
  await expect(depositRow).toHaveCount(1);
  await expect(depositRow).toContainText("-12.50000000 LOOP");
  await expect(card.getByTestId("wallet-loop-balance")).toHaveText("999,987.50000000 LOOP");
  expect(await chainLoopBalance(page.request, stack, address)).toBe(startOnChain - parseUnits("12.5", 18));

  // Withdraw 20 LOOP as LOOP on chain, to the same wallet: held at once, pending.
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  const withdraw = page.getByRole("dialog", { name: "Withdraw Tokens" });
  await withdraw.getByLabel("Amount (LOOP)").fill("20");
  await withdraw.getByLabel("Withdrawal method").selectOption({ label: "LOOP on chain" });
  await withdraw.getByLabel("Wallet address for LOOP").fill(address);
  await withdraw.getByRole("button", { name: "Request Withdrawal" }).click();
  await expect(toast(page, "Withdrawal Request Submitted")).toBeVisible();
  await expect(withdraw).toBeHidden();
  const withdrawals = page.getByRole("list", { name: "Withdrawals" });
  const row = withdrawals.getByRole("listitem").filter({ hasText: "20.00000000 LOOP" }).filter({ hasText: "LOOP on chain" });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-status", "pending");
  await expect(inAppBalance(page)).toContainText("Held 20.00000000 LOOP");

  // The demo admin sets it to processing: the API sends LoopVault.payout with the operator key.
  const adminContext = await browser.newContext({ baseURL: stack.webUrl });
  try {
    const adminPage = await adminContext.newPage();
    await signInWithEmail(adminPage, stack, "admin@loop.local");
    const admin = adminPage.request;
    const queue = await admin.get("/api/admin/tokens/withdrawals?status=pending");
    expect(queue.status()).toBe(200);
    const mine = ((await queue.json()) as { id: string; userId: string; amount: string; method: string; destination: string }[]).find(
      (entry) => entry.userId === me.id,
    );
    expect(mine).toMatchObject({ amount: "20.00000000", method: "loop" });
    expect(getAddress(mine!.destination)).toBe(address);
    const processing = await admin.put(`/api/admin/tokens/withdrawals/${mine!.id}/status`, {
      headers: { Origin: stack.webUrl },
      data: { status: "processing" },
    });
    expect(processing.status(), await processing.text()).toBe(200);
    const payoutHash = ((await processing.json()) as { transactionId: string | null }).transactionId;
    expect(payoutHash).toMatch(/^0x[0-9a-f]{64}$/i);

    // Nobody completes it: the settled PaidOut does. The member's page (reloaded) shows it
    // completed with the payout's hash, the hold captured, and the wallet 20 LOOP richer.
    // (The page refetches nothing by itself: reload until the list shows it; a reload of the dev
    // app takes a few seconds before the list has loaded.)
    await expect(async () => {
      await page.reload();
      await expect(row).toBeVisible({ timeout: 15_000 });
      expect(await row.getAttribute("data-status")).toBe("completed");
    }).toPass({ timeout: 30_000, intervals: [250, 500, 1000] });
    await expect(row).toContainText("COMPLETED");
    await expect(row.getByTitle(payoutHash!)).toHaveText(`Tx ${payoutHash!.slice(0, 6)}...${payoutHash!.slice(-4)}`);
    await expect(inAppBalance(page).getByTestId("wallet-balance")).toContainText("492.50000000");
    await expect(inAppBalance(page)).not.toContainText("Held");
    await expect(transfers).toContainText("-20.00000000 LOOP");

    await expect(card.getByTestId("wallet-loop-balance")).toHaveText("1,000,007.50000000 LOOP");
    const payoutRow = walletHistory.getByTestId("wallet-transfer").filter({ hasText: "Withdrawal paid out to your wallet" });
    await expect(payoutRow).toHaveCount(1);
    await expect(payoutRow).toContainText("+20.00000000 LOOP");
    await expect(payoutRow.getByTitle(payoutHash!)).toBeVisible();
    expect(await chainLoopBalance(page.request, stack, address)).toBe(startOnChain - parseUnits("12.5", 18) + parseUnits("20", 18));
  } finally {
    await adminContext.close();
  }
});
