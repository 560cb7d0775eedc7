import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { JoinDialog } from "./join-dialog";

describe("JoinDialog", () => {
  it("offers e-mail and wallet sign-in with the wallet note", async () => {
    const onWallet = vi.fn();
    render(<JoinDialog open onOpenChange={() => undefined} onWallet={onWallet} />);

    const dialog = screen.getByRole("dialog", { name: "Join" });
    expect(dialog).toBeInTheDocument();

    // Each option is named by all its visible text, its hint too (WCAG 2.5.3: a name that leaves out
    // visible text does not match what a speech-input user reads).
    const email = screen.getByRole("link", { name: /^sign up or sign in with e-mail\s*we e-mail you a one-time sign-in link$/i });
    expect(email).toHaveAttribute("href", "/api/login");
    expect(
      screen.getByRole("button", { name: /^sign up or sign in with a wallet\s*connect and sign a message, no gas needed$/i }),
    ).toBeVisible();

    expect(
      screen.getByText("Wallet login works with MetaMask, Rabby and other browser wallets. New users get accounts created automatically."),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /sign up or sign in with a wallet/i }));
    expect(onWallet).toHaveBeenCalledOnce();
  });
});
