import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, makeUser, renderApp, SIGNED_OUT, stubFetch } from "@/testing/test-utils";

const CONFIG = { chains: [{ id: 31337, name: "Hardhat", rpcUrl: "http://127.0.0.1:8545" }], defaultChainId: 31337, walletConnectProjectId: null, oidc: null };

describe("settings page", () => {
  it("signed out: 'Please log in' with a Log in link to /api/login", async () => {
    stubFetch(SIGNED_OUT);
    renderApp("/settings");
    expect(await screen.findByRole("heading", { name: "Please log in" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login");
  });

  it("shows a spinner while auth loads", async () => {
    stubFetch({ "/api/auth/user": () => new Promise<Response>(() => undefined) });
    renderApp("/settings");
    expect(await screen.findByRole("status")).toHaveTextContent(/loading/i);
  });

  it("Account Information shows 'Not provided' for a missing e-mail and name", async () => {
    stubFetch({
      "/api/auth/user": () => json(makeUser({ email: null, firstName: null, lastName: null, walletAddress: "0x1234567890abcdef1234567890abcdef12345678" })),
      "/api/config": () => json(CONFIG),
    });
    renderApp("/settings");
    const card = await screen.findByRole("region", { name: "Account Information" });
    expect(card).toHaveTextContent("EmailNot provided");
    expect(card).toHaveTextContent("NameNot provided");
    expect(screen.getByRole("region", { name: "Wallet Connection" })).toHaveTextContent("0x1234...5678");
    expect(screen.getByRole("button", { name: "Disconnect Wallet" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Account Security" })).not.toBeInTheDocument();
  });

  it("shows e-mail and name, and Account Security only when OIDC is configured", async () => {
    stubFetch({
      "/api/auth/user": () => json(makeUser({ email: "mia@example.com", firstName: "Mia", lastName: "Park" })),
      "/api/config": () => json({ ...CONFIG, oidc: { accountUrl: "https://id.example.com/account" } }),
    });
    renderApp("/settings");
    const card = await screen.findByRole("region", { name: "Account Information" });
    expect(card).toHaveTextContent("mia@example.com");
    expect(card).toHaveTextContent("Mia Park");
    const link = await screen.findByRole("link", { name: /manage account security/i });
    expect(link).toHaveAttribute("href", "https://id.example.com/account");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });
});
