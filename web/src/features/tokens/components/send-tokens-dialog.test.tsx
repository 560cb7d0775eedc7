import { promotionalRefusalMessage, TOKEN_MESSAGES } from "@loop/rules/schemas/tokens";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setupDialog } from "@/testing/dialog-harness";
import { type ApiHandler, json, type StubbedApi } from "@/testing/stub-api";
import { makeTransfer } from "../testing/token-fixtures";
import { SendTokensDialog } from "./send-tokens-dialog";

function setup(handler: ApiHandler = () => json(makeTransfer(), 201), available = "100.00000000", promotional?: string) {
  return setupDialog({
    routes: { "POST /api/tokens/transfer": handler },
    title: "Send Tokens",
    submitLabel: "Send Tokens",
    reopen: true,
    dialog: (open, onOpenChange) => (
      <SendTokensDialog open={open} onOpenChange={onOpenChange} userId="me-1" withdrawable={available} promotional={promotional} />
    ),
  });
}

const transferCalls = (api: StubbedApi) => api.calls("POST /api/tokens/transfer");

describe("Send Tokens dialog", () => {
  it("asks for both the recipient and the amount", async () => {
    const { user, submit, dialog, api } = setup();
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent(TOKEN_MESSAGES.missing);
    await user.type(screen.getByLabelText("Recipient ID"), "friend-9");
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("Missing Information: Please enter both recipient ID and amount");
    expect(transferCalls(api)).toHaveLength(0);
  });

  it("refuses amounts that are not positive, too precise, above the balance, or a transfer to oneself", async () => {
    const { user, submit, dialog, api } = setup(undefined, "10.00000000");
    const amount = screen.getByLabelText("Amount (LOOP)");
    expect(amount).toHaveAttribute("step", "0.00000001");
    await user.type(screen.getByLabelText("Recipient ID"), "friend-9");
    await user.type(amount, "0");
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("Amount must be greater than 0");

    await user.clear(amount);
    await user.type(amount, "-3");
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("Amount must be greater than 0");

    await user.clear(amount);
    await user.type(amount, "10.00000001");
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("Insufficient Balance: You don't have enough tokens for this transfer");

    await user.clear(amount);
    await user.type(amount, "1.123456789");
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent(TOKEN_MESSAGES.tooPrecise);

    await user.clear(amount);
    await user.type(amount, "5");
    const recipient = screen.getByLabelText("Recipient ID");
    await user.clear(recipient);
    await user.type(recipient, "me-1");
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent(TOKEN_MESSAGES.selfTransfer);
    expect(transferCalls(api)).toHaveLength(0);
  });

  it("says what can be sent, and that promotional LOOP (welcome bonus, level rewards) cannot be", async () => {
    const { user, submit, dialog, api } = setup(undefined, "12.50000000", "500.00000000");
    expect(within(dialog()).getByText(/Available to send: 12\.50000000 LOOP/)).toBeInTheDocument();
    expect(within(dialog()).getByText("Promotional 500.00000000 LOOP: for loops only, not sent or withdrawn")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Recipient ID"), "friend-9");
    await user.type(screen.getByLabelText("Amount (LOOP)"), "12.50000001");
    await submit();
    expect(within(dialog()).getByRole("alert")).toHaveTextContent(promotionalRefusalMessage("send", "12.5"));
    expect(within(dialog()).getByRole("alert")).toHaveTextContent(
      "Promotional LOOP (welcome bonus, level rewards, upload rewards) can be spent on loops but not sent or withdrawn: you can send up to 12.5 LOOP",
    );
    expect(transferCalls(api)).toHaveLength(0);
  });

  it("sends with an Idempotency-Key, toasts success, closes and clears", async () => {
    const { user, submit, api } = setup();
    await user.type(screen.getByLabelText("Recipient ID"), " friend-9 ");
    await user.type(screen.getByLabelText("Amount (LOOP)"), "12.5");
    expect(screen.getByText("≈ $0.03 USD")).toBeInTheDocument(); // 0.025 rounds half-up
    await user.type(screen.getByLabelText("Message (optional)"), "for the drums");
    await submit();

    expect(await screen.findByText("Transfer Successful")).toBeInTheDocument();
    expect(screen.getByText("Tokens transferred successfully!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    const [call] = transferCalls(api);
    expect(call!.body).toEqual({ toUserId: "friend-9", amount: "12.5", description: "for the drums" });
    expect(call!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole("button", { name: "reopen" }));
    expect(await screen.findByLabelText("Recipient ID")).toHaveValue("");
    expect(screen.getByLabelText("Amount (LOOP)")).toHaveValue(null);
    expect(screen.getByLabelText("Message (optional)")).toHaveValue("");
  });

  it("shows the server's message in a 'Transfer Failed' toast and keeps the form", async () => {
    const { user, submit, dialog } = setup(() => json({ message: "Recipient Not Found: No user has this ID" }, 404));
    await user.type(screen.getByLabelText("Recipient ID"), "ghost");
    await user.type(screen.getByLabelText("Amount (LOOP)"), "1");
    await submit();
    expect(await screen.findByText("Transfer Failed")).toBeInTheDocument();
    expect(screen.getByText("Recipient Not Found: No user has this ID")).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByLabelText("Recipient ID")).toHaveValue("ghost");
  });

  it("falls back to 'Failed to transfer tokens' and retries with the same key after a lost answer", async () => {
    let calls = 0;
    const { user, submit, api } = setup(() => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch");
      return json(makeTransfer(), 201);
    });
    await user.type(screen.getByLabelText("Recipient ID"), "friend-9");
    await user.type(screen.getByLabelText("Amount (LOOP)"), "1");
    await submit();
    expect(await screen.findByText("Transfer Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to transfer tokens")).toBeInTheDocument();
    await submit();
    expect(await screen.findByText("Transfer Successful")).toBeInTheDocument();
    const keys = transferCalls(api).map(({ headers }) => headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
