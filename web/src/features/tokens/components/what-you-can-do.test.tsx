import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WhatYouCanDo } from "./what-you-can-do";

describe("What You Can Do", () => {
  it("lists token purchases and crypto withdrawals as available, not as coming soon", () => {
    render(<WhatYouCanDo />);
    const column = (title: string) => screen.getByRole("heading", { name: new RegExp(title) }).parentElement as HTMLElement;
    expect(column("Available Now")).toHaveTextContent("Token purchases: order LOOP from an admin");
    expect(column("Available Now")).toHaveTextContent("Withdrawals: LOOP to your wallet, or Bitcoin, Ethereum, USDC and USDT");
    const soon = column("Coming Soon");
    expect(within(soon).queryByText(/Token purchases/)).not.toBeInTheDocument();
    expect(soon).toHaveTextContent("Withdrawals to PayPal, Wise, Skrill and Revolut");
    expect(column("Available Now")).not.toHaveTextContent(/Buy LOOP with/);
  });

  it("lists buying with the chain's coin only where its exchange has a LOOP pool", () => {
    render(<WhatYouCanDo poolCoin="BNB" />);
    const available = screen.getByRole("heading", { name: /Available Now/ }).parentElement as HTMLElement;
    expect(available).toHaveTextContent("Buy LOOP with BNB from your wallet");
  });
});
