import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { textsByRole } from "@/testing/role-texts";
import { setupDialog } from "@/testing/dialog-harness";
import { type ApiHandler, json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { WITHDRAWAL_MESSAGES } from "@loop/rules/schemas/withdrawals";
import { makeWithdrawal } from "../testing/token-fixtures";
import { WithdrawDialog } from "./withdraw-dialog";

const ETH_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

/** Fills the whole form: the amount, the method and its address (an Ethereum one unless for LOOP on chain). */
async function fillForm(user: UserEvent, amount: string, method: "crypto_eth" | "loop" = "crypto_eth", address = ETH_ADDRESS) {
  await user.type(screen.getByLabelText("Amount (LOOP)"), amount);
  await user.selectOptions(screen.getByLabelText("Withdrawal method"), method);
  await user.type(screen.getByLabelText(method === "loop" ? "Wallet address for LOOP" : "Ethereum address"), address);
}

function WithdrawHarness({ available }: { available: string }) {
  const [open, setOpen] = useState(true);
  return <WithdrawDialog open={open} onOpenChange={setOpen} withdrawable={available} />;
}

function setup(handler: ApiHandler = () => json(makeWithdrawal(), 201), available = "50.00000000", promotional?: string) {
  const harness = setupDialog({
    routes: { "POST /api/tokens/withdraw": handler },
    title: "Withdraw Tokens",
    submitLabel: "Request Withdrawal",
    reopen: true,
    dialog: (open, onOpenChange) => (
      <WithdrawDialog open={open} onOpenChange={onOpenChange} withdrawable={available} promotional={promotional} />
    ),
  });
  return { ...harness, calls: () => harness.api.calls("POST /api/tokens/withdraw") };
}

describe("Withdraw dialog", () => {
  it("states the minimum of the platform settings (GET /api/config)", async () => {
    const settings = { formatFeeBps: { mp3: 200, wav: 400 }, minWithdrawal: "25.50000000", offerExpiryHours: 168 };
    const config = { chains: [], defaultChainId: 31337, walletConnectProjectId: null, oidc: null, paypal: null, stripe: null, settings };
    stubApi({ "GET /api/config": () => json(config) });
    renderWithToasts(<WithdrawHarness available="50.00000000" />);
    expect(await screen.findByText("Minimum withdrawal: 25.5 LOOP")).toBeInTheDocument();
    expect(screen.queryByText("Minimum withdrawal: 10 LOOP")).not.toBeInTheDocument();
  });

  it("offers the five methods, states the 10 LOOP minimum and enables the destination once a method is chosen", async () => {
    const { user } = setup();
    const method = screen.getByLabelText("Withdrawal method");
    expect(textsByRole(method, "option")).toEqual(["Select a method", "Ethereum (ETH)", "Bitcoin (BTC)", "USDC", "USDT", "LOOP on chain"]);
    expect(screen.getByText("Minimum withdrawal: 10 LOOP")).toBeInTheDocument();
    expect(screen.getByLabelText("Destination address")).toBeDisabled();
    await user.selectOptions(method, "crypto_btc");
    expect(screen.getByLabelText("Bitcoin address")).toBeEnabled();
  });

  it("asks for every detail, a positive amount and no more than the balance", async () => {
    const { user, submit, calls, refusal, submitWith } = setup();
    await submit();
    expect(refusal()).toHaveTextContent("Please fill in all withdrawal details");

    await user.type(screen.getByLabelText("Amount (LOOP)"), "20");
    await submit();
    expect(refusal()).toHaveTextContent("Please fill in all withdrawal details");

    await user.selectOptions(screen.getByLabelText("Withdrawal method"), "crypto_eth");
    await submit();
    expect(refusal()).toHaveTextContent("Please fill in all withdrawal details");

    await user.type(screen.getByLabelText("Ethereum address"), ETH_ADDRESS);
    const amount = screen.getByLabelText("Amount (LOOP)");
    await submitWith(amount, "0");
    expect(refusal()).toHaveTextContent("Amount must be greater than 0");

    await submitWith(amount, "50.00000001");
    expect(refusal()).toHaveTextContent("You don't have enough tokens for this withdrawal");
    expect(calls()).toHaveLength(0);
  });

  it("shows what is available to withdraw and refuses promotional LOOP in the member's words", async () => {
    const { user, submit, dialog, calls, refusal } = setup(undefined, "0.00000000", "600.00000000");
    expect(dialog()).toHaveTextContent("Available to withdraw: 0 LOOP");
    expect(dialog()).toHaveTextContent("Promotional 600 LOOP: for loops only, not sent or withdrawn");
    await fillForm(user, "100");
    await submit();
    expect(refusal()).toHaveTextContent(
      "Promotional LOOP (welcome bonus, level rewards, upload rewards) can be spent on loops but not sent or withdrawn: you can withdraw up to 0 LOOP",
    );
    expect(calls()).toHaveLength(0);
  });

  it("does not enforce the minimum itself: the server's refusal shows in a 'Withdrawal Failed' toast", async () => {
    const { user, submit, calls } = setup(() => json({ message: "Minimum Withdrawal: The minimum withdrawal is 10 LOOP" }, 400));
    await fillForm(user, "5", "loop");
    await submit();
    expect(await screen.findByText("Withdrawal Failed")).toBeInTheDocument();
    expect(screen.getByText("Minimum Withdrawal: The minimum withdrawal is 10 LOOP")).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });

  it("a member whose withdrawals are suspended after a second chargeback is told in the dialog and the toast", async () => {
    const { user, submit, dialog, calls } = setup(() => json({ message: WITHDRAWAL_MESSAGES.suspended }, 403));
    await fillForm(user, "20");
    await submit();
    expect(await screen.findByText("Withdrawal Failed")).toBeInTheDocument();
    expect(await within(dialog()).findByRole("alert")).toHaveTextContent(
      /^Withdrawals Suspended: Card or PayPal payments for your sales were disputed, so your withdrawals are paused until an admin has reviewed your account\./,
    );
    expect(calls()).toHaveLength(1);
  });

  it("falls back to 'Failed to submit withdrawal request' when the server gives no reason", async () => {
    const { user, submit } = setup(() => new Response("", { status: 500 }));
    await fillForm(user, "20");
    await submit();
    expect(await screen.findByText("Withdrawal Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to submit withdrawal request")).toBeInTheDocument();
  });

  it("submits with an Idempotency-Key, toasts, closes and clears", async () => {
    const { user, submit, calls } = setup();
    await fillForm(user, "20", "crypto_eth", ` ${ETH_ADDRESS} `);
    await submit();
    expect(await screen.findByText("Withdrawal Request Submitted")).toBeInTheDocument();
    expect(screen.getByText("Your withdrawal request has been submitted for processing!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    const [call] = calls();
    expect(call!.body).toEqual({ amount: "20", method: "crypto_eth", destination: ETH_ADDRESS });
    expect(call!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole("button", { name: "reopen" }));
    expect(await screen.findByLabelText("Amount (LOOP)")).toHaveValue(null);
    expect(screen.getByLabelText("Withdrawal method")).toHaveValue("");
    expect(screen.getByLabelText("Destination address")).toBeDisabled();
  });
});
