// Wallet LOOP and the in-app balance (issue 6): a member signed in with the injected wallet
// (Hardhat account #2, funded with 1,000,000 LOOP by the local deployment) deposits wallet LOOP
// into LoopVault from the Token page and sees it credited once the chain event is settled; then
// withdraws in-app LOOP with method `loop` to the same wallet, an admin sets it to processing (the
// API pays it out of the vault), and the settled PaidOut completes it with its transaction hash.
import type { Page } from "@playwright/test";
import { getAddress, parseUnits } from "viem";
import { currentUser, expect, expectToast, recordToasts, test, TEST_KEYS } from "../support/fixtures";
import { signInOnPage } from "../support/api-sign-in";
import { signInWithWallet } from "../support/flows";
import { chainLoopBalance, inAppWei, shownLoop, loopBalanceCard } from "../support/loop-balances";
import { EVENT_DEADLINE_MS } from "../support/deadlines";

test.use({ walletKey: TEST_KEYS.carol });

const walletCard = (page: Page) => page.getByRole("region", { name: "Wallet LOOP" });

test("deposit wallet LOOP into the app, withdraw it back on chain through an admin", async ({ page, stack, wallet, browser }) => {
  const address = getAddress(wallet.address);

  // Signed in with the wallet: the account's linked wallet is the injected one.
  await signInWithWallet(page);
  const me = await currentUser(page);
  expect(getAddress(me.walletAddress!)).toBe(address);
  // Relative to where the account starts (a retry finds the first attempt's deposit and payout).
  const startOnChain = await chainLoopBalance(page.request, stack, address);
  const startInApp = await inAppWei(page);
  expect(startOnChain).toBeGreaterThan(parseUnits("12.5", 18));

  // The Token page, My Wallet tab: the welcome bonus in the app, the wallet's LOOP on chain.
  await page.goto("/tokens");
  await expect(page.getByRole("tab", { name: /My Wallet/ })).toHaveAttribute("aria-selected", "true");
  await expect(loopBalanceCard(page).getByTestId("wallet-balance")).toHaveText(`${shownLoop(startInApp)} LOOP`);
  const card = walletCard(page);
  await expect(card.getByTestId("wallet-loop-address")).toHaveAttribute("title", address);
  await expect(card.getByTestId("wallet-loop-balance")).toHaveText(`${shownLoop(startOnChain)} LOOP`);
  // Its on-chain history includes the deployment's funding mint.
  const walletHistory = card.getByRole("list", { name: "Wallet transfers" });
  await expect(walletHistory.getByTestId("wallet-transfer").filter({ hasText: "Newly minted LOOP" })).toContainText("+1,000,000 LOOP");
  const depositRows = walletHistory.getByTestId("wallet-transfer").filter({ hasText: "Deposited into your in-app balance" });
  const depositsBefore = await depositRows.count();

  // Deposit 12.5 LOOP: the injected wallet sends approve and deposit, the settlement credits it.
  await card.getByRole("button", { name: "Deposit", exact: true }).click();
  const deposit = page.getByRole("dialog", { name: "Deposit LOOP" });
  await expect(deposit.getByTestId("deposit-wallet-balance")).toContainText(`Wallet balance: ${shownLoop(startOnChain)} LOOP`);
  await deposit.getByLabel("Amount (LOOP)").fill("12.5");
  await deposit.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(deposit).toBeHidden({ timeout: EVENT_DEADLINE_MS });
  // 'Deposit Submitted' (on the receipt) gives way to 'Deposit Successful' once the credit is seen.
  await expectToast(page, "Deposit Successful", "12.5 LOOP added to your balance");

  await expect(loopBalanceCard(page).getByTestId("wallet-balance")).toHaveText(`${shownLoop(startInApp + parseUnits("12.5", 18))} LOOP`);
  const transfers = page.getByRole("list", { name: "Transfers", exact: true });
  await expect(transfers.getByRole("listitem").filter({ hasText: `Deposit from wallet` }).first()).toContainText("+12.5 LOOP");
  await expect(depositRows).toHaveCount(depositsBefore + 1);
  await expect(depositRows.first()).toContainText("-12.5 LOOP");
  await expect(card.getByTestId("wallet-loop-balance")).toHaveText(`${shownLoop(startOnChain - parseUnits("12.5", 18))} LOOP`);
  expect(await chainLoopBalance(page.request, stack, address)).toBe(startOnChain - parseUnits("12.5", 18));

  // Withdraw 10 LOOP as LOOP on chain, to the same wallet: held at once, pending (from the deposit:
  // the welcome bonus is promotional LOOP and cannot be withdrawn, issue 18).
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  const withdraw = page.getByRole("dialog", { name: "Withdraw Tokens" });
  await withdraw.getByLabel("Amount (LOOP)").fill("10");
  await withdraw.getByLabel("Withdrawal method").selectOption({ label: "LOOP on chain" });
  await withdraw.getByLabel("Wallet address for LOOP").fill(address);
  await withdraw.getByRole("button", { name: "Request Withdrawal" }).click();
  await expectToast(page, "Withdrawal Request Submitted");
  await expect(withdraw).toBeHidden();
  const withdrawals = page.getByRole("list", { name: "Withdrawals" });
  // Newest first: this attempt's withdrawal is the first.
  const row = withdrawals.getByRole("listitem").filter({ hasText: "10 LOOP" }).filter({ hasText: "LOOP on chain" }).first();
  await expect(row).toHaveAttribute("data-status", "pending");
  await expect(loopBalanceCard(page)).toContainText("Held 10 LOOP");

  // The demo admin sets it to processing: the API sends LoopVault.payout with the operator key.
  const adminContext = await browser.newContext({ baseURL: stack.webUrl });
  await recordToasts(adminContext);
  try {
    const adminPage = await adminContext.newPage();
    await signInOnPage(adminPage, stack, "admin@loop.local", null);
    const admin = adminPage.request;
    const queue = await admin.get("/api/admin/tokens/withdrawals?status=pending");
    expect(queue.status()).toBe(200);
    const mine = ((await queue.json()) as { id: string; userId: string; amount: string; method: string; destination: string }[]).find(
      (entry) => entry.userId === me.id && entry.method === "loop",
    );
    expect(mine).toMatchObject({ amount: "10.00000000", method: "loop" });
    expect(getAddress(mine!.destination)).toBe(address);
    const processing = await admin.put(`/api/admin/tokens/withdrawals/${mine!.id}/status`, {
      headers: { Origin: stack.webUrl },
      data: { status: "processing" },
    });
    expect(processing.status(), await processing.text()).toBe(200);
    const payoutHash = ((await processing.json()) as { transactionId: string | null }).transactionId;
    expect(payoutHash).toMatch(/^0x[0-9a-f]{64}$/i);

    // Nobody completes it: the settled PaidOut does, and the open withdrawal's list asks again by
    // itself: the member's page shows it completed with the payout's hash, the hold captured, and
    // the wallet 10 LOOP richer — without a reload.
    await expect(row).toHaveAttribute("data-status", "completed", { timeout: EVENT_DEADLINE_MS });
    await expect(row).toContainText("COMPLETED");
    await expect(row.getByTitle(payoutHash!)).toHaveText(`Tx ${payoutHash!.slice(0, 6)}...${payoutHash!.slice(-4)}`);
    await expect(loopBalanceCard(page).getByTestId("wallet-balance")).toHaveText(
      `${shownLoop(startInApp + parseUnits("12.5", 18) - parseUnits("10", 18))} LOOP`,
    );
    await expect(loopBalanceCard(page)).not.toContainText("Held");
    await expect(transfers).toContainText("-10 LOOP");

    // The wallet card follows on the next read of the chain (a reload).
    await page.reload();
    await expect(card.getByTestId("wallet-loop-balance")).toHaveText(
      `${shownLoop(startOnChain - parseUnits("12.5", 18) + parseUnits("10", 18))} LOOP`,
    );
    const payoutRow = walletHistory.getByTestId("wallet-transfer").filter({ hasText: "Withdrawal paid out to your wallet" }).first();
    await expect(payoutRow).toContainText("+10 LOOP");
    await expect(payoutRow.getByTitle(payoutHash!)).toBeVisible();
    expect(await chainLoopBalance(page.request, stack, address)).toBe(startOnChain - parseUnits("12.5", 18) + parseUnits("10", 18));

    // The admin's reconciliation: the vault's reserve on chain beside what the ledger owes through
    // it, after this deposit and payout (other tests' chain activity may still be settling, so only
    // the verdict is asserted: the local reserve is funded far beyond what members hold).
    await adminPage.goto("/");
    await adminPage.getByRole("tab", { name: "Settings", exact: true }).click();
    const backing = adminPage.getByRole("region", { name: /chain 31337/ });
    await expect(backing).toBeVisible();
    await expect(backing).toContainText("Backed");
    await backing.screenshot({ path: test.info().outputPath("reserve-backing.png") });
  } finally {
    await adminContext.close();
  }
});
