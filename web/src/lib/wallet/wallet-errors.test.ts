import { describe, expect, it } from "vitest";
import { COPY_TOASTS, connectionFailedToast, LINK_CONNECT_FAILED, WALLET_LINK_TOASTS, WALLET_LOGIN_TOASTS } from "./wallet-errors";

function named(name: string, message = name, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { name, ...extra });
}

describe("Connection Failed toast texts (docs/product.md#sign-in-errors)", () => {
  it("says the user cancelled on UserRejectedRequestError or code 4001", () => {
    expect(connectionFailedToast(named("UserRejectedRequestError", "User rejected the request."))).toEqual({
      title: "Connection Failed",
      description: "Connection cancelled by user.",
      variant: "destructive",
    });
    expect(connectionFailedToast({ code: 4001, message: "denied" }).description).toBe("Connection cancelled by user.");
    // wagmi wraps the provider error: the cause chain is searched.
    expect(connectionFailedToast(named("ConnectorError", "failed", { cause: { code: 4001 } })).description).toBe(
      "Connection cancelled by user.",
    );
  });

  it("says no wallet was detected when there is no injected provider", () => {
    expect(connectionFailedToast(named("ProviderNotFoundError", "Provider not found.")).description).toBe(
      "No wallet detected. Please install Trust Wallet or MetaMask.",
    );
  });

  it("points to Trust Wallet's browser when WalletConnect fails", () => {
    expect(connectionFailedToast(new Error("socket closed"), "walletConnect").description).toBe(
      "WalletConnect failed. Try using Trust Wallet's built-in browser instead.",
    );
  });

  it("falls back to the generic texts", () => {
    expect(connectionFailedToast(new Error("boom")).description).toBe("Failed to connect wallet. Please try again.");
    expect(connectionFailedToast(new Error("boom"), undefined, LINK_CONNECT_FAILED).description).toBe(
      "Failed to connect your wallet. Please try again.",
    );
  });
});

describe("wallet toasts (docs/product.md#sign-in-errors)", () => {
  const expectToast = (toast: unknown, title: string, description: string) => expect(toast).toMatchObject({ title, description });

  it("has the sign-in texts", () => {
    expectToast(
      WALLET_LOGIN_TOASTS.authenticationFailed,
      "Authentication Failed",
      "Failed to authenticate with your wallet. Please try again.",
    );
    expectToast(WALLET_LOGIN_TOASTS.signatureFailed, "Signature Failed", "Failed to sign message. Please try again.");
    expect(WALLET_LOGIN_TOASTS.connected.title).toBe("Connected Successfully");
  });

  it("has the settings texts", () => {
    expectToast(WALLET_LINK_TOASTS.notConnected, "Wallet Not Connected", "Please connect your wallet first.");
    expectToast(WALLET_LINK_TOASTS.signatureFailed, "Signature Failed", "Please sign the message to connect your wallet.");
    expectToast(WALLET_LINK_TOASTS.connectionFailed, "Connection Failed", "Failed to connect your wallet. Please try again.");
    expectToast(WALLET_LINK_TOASTS.disconnectionFailed, "Disconnection Failed", "Failed to disconnect your wallet. Please try again.");
    expect(WALLET_LINK_TOASTS.connected.title).toBe("Wallet Connected");
    expect(WALLET_LINK_TOASTS.disconnected.title).toBe("Wallet Disconnected");
  });

  it("has the copy texts", () => {
    expect(COPY_TOASTS.copied("0xabc").title).toBe("Address Copied");
    expect(COPY_TOASTS.failed("0xabc")).toMatchObject({ title: "Copy Failed", description: "Failed to copy address to clipboard: 0xabc" });
  });
});
