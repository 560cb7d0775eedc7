import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { TokenBalanceRequest } from "@/lib/wallet/types";
import { publishFakeWalletControls } from "@/lib/wallet/fake-wallet-controls";
import { publishSnapshot } from "@/lib/wallet/wallet-store";
import { makeClientConfig } from "@/testing/make-client-config";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";

const CONFIG = makeClientConfig();
// Made-up addresses (the real ones come from the deployment manifest through /api/config).
const TOKEN = `0x${"a1".repeat(20)}`;
const CONTRACTS = { token: TOKEN, marketplace: `0x${"b2".repeat(20)}`, vault: `0x${"c3".repeat(20)}` };
const WALLET = `0x${"d4".repeat(20)}` as const;

/** A loaded wallet stack with a connected wallet, its balance reads answered by `readTokenBalance`. */
function connectedWallet(readTokenBalance: (request: TokenBalanceRequest) => Promise<bigint>) {
  const controls = publishFakeWalletControls({ readTokenBalance: vi.fn(readTokenBalance) });
  publishSnapshot({ status: "connected", address: WALLET, chainId: 31337, connectorName: "MetaMask" });
  return controls;
}

describe("settings page", () => {
  it("signed out: 'Please log in' with a Log in link to /api/login", async () => {
    stubApi(SIGNED_OUT);
    renderApp("/settings");
    expect(await screen.findByRole("heading", { name: "Please log in" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login");
  });

  it("shows a spinner while auth loads", async () => {
    stubApi({ "/api/auth/user": () => new Promise<Response>(() => undefined) });
    renderApp("/settings");
    expect(await screen.findByRole("status")).toHaveTextContent(/loading/i);
  });

  it("Account Information shows 'Not provided' for a missing e-mail and name", async () => {
    stubApi({
      "/api/auth/user": () =>
        json(makeUser({ email: null, firstName: null, lastName: null, walletAddress: "0x1234567890abcdef1234567890abcdef12345678" })),
      "/api/config": () => json(CONFIG),
    });
    renderApp("/settings");
    const card = await screen.findByRole("region", { name: "Account Information" });
    expect(card).toHaveTextContent("EmailNot provided");
    expect(card).toHaveTextContent("NameNot provided");
    expect(screen.getByRole("region", { name: "Wallet Connection" })).toHaveTextContent("0x1234...5678");
    expect(screen.getByRole("button", { name: "Disconnect Wallet" })).toBeInTheDocument();
  });

  it("Account Security is always shown: a wallet-only account signs in by wallet, and can add an e-mail address", async () => {
    const api = stubApi({
      "/api/auth/user": () => json(makeUser({ email: null, walletAddress: "0x1234567890abcdef1234567890abcdef12345678" })),
      "/api/config": () => json(CONFIG),
      "POST /api/profile/email": () => json({ message: "Check your inbox at mia@example.com to confirm your e-mail address." }, 202),
    });
    const { user } = renderApp("/settings");
    const security = await screen.findByRole("region", { name: "Account Security" });
    expect(within(security).getByTestId("sign-in-method-wallet")).toHaveTextContent(
      "You sign in by signing a message with your wallet 0x1234...5678",
    );
    const emailMethod = within(security).getByTestId("sign-in-method-email");
    expect(emailMethod).toHaveTextContent(
      "No e-mail address yet. Add one (confirmed by a link sent to it) to sign in with a one-time link",
    );
    expect(within(emailMethod).getByRole("button", { name: "Add e-mail" })).toBeInTheDocument();
    // No identity provider is configured: nothing about one.
    expect(within(security).queryByTestId("sign-in-method-oidc")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /manage account security/i })).not.toBeInTheDocument();

    // Account Information has the same flow.
    const info = screen.getByRole("region", { name: "Account Information" });
    expect(within(info).getByTestId("account-email-action")).toHaveTextContent(
      "Add an e-mail address to get receipts and order confirmations by e-mail",
    );
    await user.click(within(info).getByRole("button", { name: "Add e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an e-mail address" });
    await user.type(within(dialog).getByLabelText("E-mail address"), "mia@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send confirmation link" }));
    expect(await within(dialog).findByTestId("email-change-sent")).toHaveTextContent(
      "Check your inbox at mia@example.com to confirm your e-mail address.",
    );
    expect(api.calls("POST /api/profile/email")).toHaveLength(1);
  });

  it("shows e-mail and name; Account Security names the e-mail link and, with OIDC, the provider's page", async () => {
    stubApi({
      "/api/auth/user": () => json(makeUser({ email: "mia@example.com", firstName: "Mia", lastName: "Park" })),
      "/api/config": () => json({ ...CONFIG, oidc: { accountUrl: "https://id.example.com/account" } }),
    });
    renderApp("/settings");
    const card = await screen.findByRole("region", { name: "Account Information" });
    expect(card).toHaveTextContent("mia@example.com");
    expect(card).toHaveTextContent("Mia Park");
    expect(within(card).getByRole("button", { name: "Change e-mail" })).toBeInTheDocument();
    const security = screen.getByRole("region", { name: "Account Security" });
    expect(within(security).getByTestId("sign-in-method-email")).toHaveTextContent(
      "You can sign in with a one-time link sent to mia@example.com.",
    );
    expect(within(security).getByTestId("sign-in-method-wallet")).toHaveTextContent("No wallet is linked.");
    const link = await within(security).findByRole("link", { name: /manage account security/i });
    expect(link).toHaveAttribute("href", "https://id.example.com/account");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("Wallet Connection shows the connected wallet's LOOP balance read from the token of /api/config, with a refresh", async () => {
    let balance = 1_000_000n * 10n ** 18n;
    const controls = connectedWallet(async () => balance);
    stubApi({
      "/api/auth/user": () => json(makeUser({ walletAddress: null })),
      "/api/config": () => json({ ...CONFIG, chains: [{ ...CONFIG.chains[0], contracts: CONTRACTS }] }),
    });
    const { user } = renderApp("/settings");
    const row = await screen.findByTestId("wallet-loop-balance");
    expect(await within(row).findByText("1,000,000 LOOP")).toBeInTheDocument();
    expect(controls.readTokenBalance).toHaveBeenCalledWith({ chainId: 31337, token: TOKEN, owner: WALLET });

    balance = 999_990n * 10n ** 18n + 5n * 10n ** 17n;
    await user.click(within(row).getByRole("button", { name: /refresh/i }));
    expect(await within(row).findByText("999,990.5 LOOP")).toBeInTheDocument();
    expect(controls.readTokenBalance).toHaveBeenCalledTimes(2);
  });

  it("no balance when the wallet's chain has no contracts in /api/config", async () => {
    const controls = connectedWallet(async () => 1n);
    stubApi({
      "/api/auth/user": () => json(makeUser({ walletAddress: null })),
      "/api/config": () => json(CONFIG),
    });
    renderApp("/settings");
    expect(await screen.findByText(/Your browser is connected to/)).toBeInTheDocument();
    expect(screen.queryByTestId("wallet-loop-balance")).not.toBeInTheDocument();
    expect(controls.readTokenBalance).not.toHaveBeenCalled();
  });
});
