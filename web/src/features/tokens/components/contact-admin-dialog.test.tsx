import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { textsByRole } from "@/testing/role-texts";
import { setupDialog } from "@/testing/dialog-harness";
import { fillFields } from "@/testing/fill-fields";
import { type ApiHandler, json } from "@/testing/stub-api";
import { makeOrder } from "../testing/token-fixtures";
import { ContactAdminDialog } from "./contact-admin-dialog";

function setup(handler: ApiHandler = () => json(makeOrder(), 201), email: string | null = "beats@example.com") {
  const harness = setupDialog({
    routes: { "POST /api/admin-orders": handler, "GET /api/admin-orders": () => json([]) },
    title: "Order LOOP Tokens",
    submitLabel: "Submit Order",
    reopen: true,
    dialog: (open, onOpenChange) => <ContactAdminDialog open={open} onOpenChange={onOpenChange} email={email} />,
  });
  return { ...harness, calls: () => harness.api.calls("POST /api/admin-orders") };
}

describe("admin order form (Contact Admin)", () => {
  it("says orders are processed by hand, usually within 1–24 hours", () => {
    const { dialog } = setup();
    expect(dialog()).toHaveTextContent("Orders are processed manually, usually within 1–24 hours.");
  });

  it("computes USD at 500 LOOP = $1, half-up, and disables Submit while it is $0.00", async () => {
    const { user, submitButton } = setup();
    const amount = screen.getByLabelText("Token amount (LOOP)");
    expect(screen.getByTestId("order-usd")).toHaveTextContent("$0.00");
    expect(submitButton()).toBeDisabled();

    await user.type(amount, "abc");
    expect(screen.getByText("Amount must be a valid number")).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, "1.123456789");
    expect(screen.getByText("Amount must be a valid number")).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, "2");
    expect(screen.getByTestId("order-usd")).toHaveTextContent("$0.00");
    expect(screen.getByText("Invalid Amount: Please enter a valid token amount greater than 0.")).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, "2.5");
    expect(screen.getByTestId("order-usd")).toHaveTextContent("$0.01");
    expect(submitButton()).toBeEnabled();

    await user.clear(amount);
    await user.type(amount, "1234.5");
    expect(screen.getByTestId("order-usd")).toHaveTextContent("$2.47");
  });

  it("requires payment details; PayPal is the default of the five methods", async () => {
    const { user, submitButton, dialog, calls } = setup();
    const method = screen.getByLabelText("Payment method");
    expect(method).toHaveValue("paypal");
    expect(textsByRole(method, "option")).toEqual(["PayPal", "Bank Transfer", "Crypto", "Revolut", "Skrill"]);
    await fillFields(user, { "Token amount (LOOP)": "5000", "Payment details": "   " });
    await user.click(submitButton());
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("Payment details are required");
    expect(calls()).toHaveLength(0);
  });

  it("submits the order with its USD amount and an Idempotency-Key; 'Order Submitted' mentions the e-mail; the form resets", async () => {
    const { user, submitButton, calls } = setup();
    await fillFields(user, {
      "Token amount (LOOP)": "5000",
      "Payment method": "revolut",
      "Payment details": "@beatmaker",
      "Message (optional)": "Thanks!",
    });
    await user.click(submitButton());

    expect(await screen.findByText("Order Submitted")).toBeInTheDocument();
    expect(screen.getByText(/A confirmation e-mail is on its way to beats@example\.com/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [call] = calls();
    expect(call!.body).toEqual({
      requestedAmount: "5000",
      paymentMethod: "revolut",
      paymentDetails: "@beatmaker",
      message: "Thanks!",
      usdAmount: "10.00",
    });
    expect(call!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole("button", { name: "reopen" }));
    expect(await screen.findByLabelText("Token amount (LOOP)")).toHaveValue("");
    expect(screen.getByLabelText("Payment method")).toHaveValue("paypal");
    expect(screen.getByLabelText("Payment details")).toHaveValue("");
  });

  it("without an e-mail address, 'Order Submitted' says where to add one", async () => {
    const { user, submitButton } = setup(undefined, null);
    await fillFields(user, { "Token amount (LOOP)": "5000", "Payment details": "@beatmaker" });
    await user.click(submitButton());
    expect(await screen.findByText("Order Submitted")).toBeInTheDocument();
    expect(
      screen.getByText(/To get confirmations by e-mail, add an e-mail address in Settings \(Account Information → Add e-mail\)\./),
    ).toBeInTheDocument();
  });

  it("shows 'Submission Failed' with the spec's text when the submission fails", async () => {
    const { user, submitButton, dialog } = setup(() => new Response("", { status: 503 }));
    await fillFields(user, { "Token amount (LOOP)": "5000", "Payment details": "me@example.com" });
    await user.click(submitButton());
    expect(await screen.findByText("Submission Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to submit your order. Please try again.")).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the order", async () => {
    const { user, submitButton } = setup(() => json({ message: "USD Amount Mismatch: 5000 LOOP is $10.00" }, 400));
    await fillFields(user, { "Token amount (LOOP)": "5000", "Payment details": "me@example.com" });
    await user.click(submitButton());
    expect(await screen.findByText("Submission Failed")).toBeInTheDocument();
    expect(screen.getByText("USD Amount Mismatch: 5000 LOOP is $10.00")).toBeInTheDocument();
  });
});
