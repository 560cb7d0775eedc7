// In-app LOOP as two members and an admin use it: a new member sees the 500 LOOP welcome bonus
// (promotional LOOP: it cannot be sent or withdrawn, issue 18), buys 1,000 LOOP from the admin,
// sends tokens to another member found by username (who sees them arrive), asks to withdraw to
// an Ethereum address, and an admin processes and completes the withdrawal on the dashboard; both histories and
// the balances follow every step.
import { expect, expectToast, freshEmail, recordToasts, test, waitForToastsToClose } from "../support/fixtures";
import { signInOnPage } from "../support/api-sign-in";
import { loopBalanceCard } from "../support/loop-balances";

const ETH_DESTINATION = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

test.describe("LOOP tokens", () => {
  test("welcome bonus, a transfer between members, a withdrawal an admin completes", async ({ page, stack, browser }) => {
    // The recipient has an account (and a wallet ID) before anyone sends them anything.
    const recipientContext = await browser.newContext({ baseURL: stack.webUrl });
    await recordToasts(recipientContext);
    const recipientPage = await recipientContext.newPage();
    const recipient = await signInOnPage(recipientPage, stack, freshEmail("ben"), null);
    const recipientName = recipient.username!;

    // A new member: home shows the bonus in the balance banner, with its USD value.
    const me = await signInOnPage(page, stack, freshEmail("ana"));
    const banner = page.getByRole("region", { name: /LOOP Balance/ }).first();
    await expect(banner.getByTestId("banner-balance")).toHaveText("500 LOOP");
    await expect(banner).toContainText("$1.00");
    await expect(banner).toContainText(me.id);

    // The Token page: the same balance, and the bonus in the transfer history.
    await page
      .getByRole("link", { name: /Buy Tokens/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/tokens$/);
    await expect(loopBalanceCard(page).getByTestId("wallet-balance")).toHaveText("500 LOOP");
    const transfers = page.getByRole("list", { name: "Transfers", exact: true });
    await expect(transfers).toContainText("Welcome bonus");
    await expect(transfers).toContainText("+500 LOOP");

    // The bonus is promotional LOOP: it pays for loops, but it cannot be sent (nor withdrawn).
    await expect(loopBalanceCard(page)).toContainText("Available to withdraw: 0 LOOP");
    await expect(loopBalanceCard(page)).toContainText("Promotional: 500 LOOP");
    await page.getByRole("button", { name: "Send Tokens" }).first().click();
    const send = page.getByRole("dialog", { name: "Send Tokens" });
    // A pasted account ID finds its member too (issue 37).
    await send.getByRole("combobox", { name: "Recipient" }).fill(recipient.id);
    await send.getByRole("option", { name: new RegExp(`^@${recipientName}`) }).click();
    await expect(send.getByRole("region", { name: "You are sending to" })).toContainText(`@${recipientName}`);
    await send.getByLabel("Amount (LOOP)").fill("25.5");
    await send.getByRole("button", { name: "Send Tokens" }).click();
    await expect(send.getByRole("alert")).toHaveText(
      "Promotional LOOP (welcome bonus, level rewards, upload rewards) can be spent on loops but not sent or withdrawn: you can send up to 0 LOOP",
    );
    await send.getByRole("button", { name: "Cancel" }).click();
    await expect(send).toBeHidden();

    // 1,000 LOOP bought from the demo admin (an order it fulfils) can be sent and withdrawn.
    const adminContext = await browser.newContext({ baseURL: stack.webUrl });
    await recordToasts(adminContext);
    const adminPage = await adminContext.newPage();
    await signInOnPage(adminPage, stack, "admin@loop.local");
    const order = await page.request.post("/api/admin-orders", {
      headers: { Origin: stack.webUrl },
      data: { requestedAmount: "1000", usdAmount: "2.00", paymentMethod: "paypal", paymentDetails: "ana@example.com" },
    });
    expect(order.status(), await order.text()).toBe(201);
    const fulfilled = await adminPage.request.post(`/api/admin/admin-orders/${((await order.json()) as { id: string }).id}/fulfil`, {
      headers: { Origin: stack.webUrl },
    });
    expect(fulfilled.status(), await fulfilled.text()).toBe(200);
    await page.reload();
    await expect(loopBalanceCard(page).getByTestId("wallet-balance")).toHaveText("1,500 LOOP");
    await expect(loopBalanceCard(page)).toContainText("Available to withdraw: 1,000 LOOP");

    // Send 25.5 LOOP to the recipient, found by the start of their username (issue 37).
    await page.getByRole("button", { name: "Send Tokens" }).first().click();
    await send.getByRole("combobox", { name: "Recipient" }).fill(recipientName.slice(0, -2));
    await send.getByRole("option", { name: new RegExp(`^@${recipientName}`) }).click();
    await expect(send.getByRole("region", { name: "You are sending to" })).toContainText(`@${recipientName}`);
    await send.getByLabel("Amount (LOOP)").fill("25.5");
    await send.getByLabel("Message (optional)").fill("For the bassline");
    await send.getByRole("button", { name: "Send Tokens" }).click();
    await expect(page.getByText("Transfer Successful").first()).toBeVisible();
    await expect(send).toBeHidden();
    await expect(loopBalanceCard(page).getByTestId("wallet-balance")).toHaveText("1,474.5 LOOP");
    await expect(transfers).toContainText("For the bassline");
    await expect(transfers).toContainText("-25.5 LOOP");

    // The recipient sees it arrive.
    await recipientPage.goto("/tokens");
    await expect(loopBalanceCard(recipientPage).getByTestId("wallet-balance")).toHaveText("525.5 LOOP");
    const received = recipientPage.getByRole("list", { name: "Transfers", exact: true });
    await expect(received).toContainText("For the bassline");
    await expect(received).toContainText("+25.5 LOOP");

    // Withdraw 100 LOOP to an Ethereum address: held at once, pending in the history.
    await page.getByRole("button", { name: "Withdraw" }).first().click();
    const withdraw = page.getByRole("dialog", { name: "Withdraw Tokens" });
    await expect(withdraw.getByLabel(/address/i)).toBeDisabled();
    await withdraw.getByLabel("Amount (LOOP)").fill("100");
    await withdraw.getByLabel("Withdrawal method").selectOption({ label: "Ethereum (ETH)" });
    await withdraw.getByLabel(/address/i).fill(ETH_DESTINATION);
    await withdraw.getByRole("button", { name: "Request Withdrawal" }).click();
    await expect(page.getByText("Withdrawal Request Submitted").first()).toBeVisible();
    await expect(withdraw).toBeHidden();
    const withdrawals = page.getByRole("list", { name: "Withdrawals" });
    await expect(withdrawals).toContainText("100 LOOP");
    await expect(withdrawals).toContainText(/pending/i);
    // Held until an admin pays it out: still in the balance, no longer available.
    await expect(loopBalanceCard(page).getByTestId("wallet-balance")).toHaveText("1,474.5 LOOP");
    await expect(loopBalanceCard(page)).toContainText("Available 1,374.5 LOOP · Held 100 LOOP");

    // The demo admin processes it on the dashboard (Settings → Token Withdrawals), then completes it
    // with the payout's transaction id.
    await adminPage.getByRole("tab", { name: "Settings", exact: true }).click();
    await adminPage.getByRole("tab", { name: "Token Withdrawals", exact: true }).click();
    await adminPage.getByRole("button", { name: `Process withdrawal of ${me.username}` }).click();
    const processDialog = adminPage.getByRole("dialog", { name: "Process Withdrawal" });
    await expect(processDialog).toContainText(ETH_DESTINATION);
    await processDialog.getByLabel("Action").selectOption("processing");
    await processDialog.getByRole("button", { name: "Update Status" }).click();
    await expectToast(adminPage, "Withdrawal Updated");
    await expect(processDialog).toBeHidden();

    // The row's button may lie under the toast.
    await waitForToastsToClose(adminPage);
    await adminPage.getByRole("button", { name: `Update withdrawal of ${me.username}` }).click();
    const updateDialog = adminPage.getByRole("dialog", { name: "Update Withdrawal" });
    await updateDialog.getByLabel("Action").selectOption("completed");
    await updateDialog.getByRole("button", { name: "Update Status" }).click();
    await expect(updateDialog).toContainText("Missing Transaction ID");
    await expect(updateDialog).toContainText("Transaction ID is required for completed withdrawals");
    const transactionId = `0x${"ab".repeat(32)}`;
    await updateDialog.getByLabel("Transaction ID").fill(transactionId);
    await updateDialog.getByRole("button", { name: "Update Status" }).click();
    await expectToast(adminPage, "Withdrawal Updated");
    await expect(updateDialog).toBeHidden();
    const adminRow = adminPage.getByRole("row").filter({ hasText: me.username! });
    await expect(adminRow).toContainText("COMPLETED");
    await expect(adminRow).toContainText(`Tx ${transactionId}`);

    // The member's histories show the completed withdrawal; the LOOP has left the balance.
    await page.reload();
    await expect(withdrawals).toContainText(/completed/i);
    await expect(transfers).toContainText("-100 LOOP");
    await expect(loopBalanceCard(page).getByTestId("wallet-balance")).toHaveText("1,374.5 LOOP");
    await expect(loopBalanceCard(page)).not.toContainText("Held");

    await recipientContext.close();
    await adminContext.close();
  });
});
