import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { textsByRole } from "@/testing/role-texts";
import { page } from "@/testing/make-loop";
import { json, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp, renderWithToasts } from "@/testing/test-utils";
import { balance, pendingSale } from "../testing/token-fixtures";
import { BalanceBanner } from "./balance-banner";

describe("LOOP balance banner", () => {
  it("shows the balance without trailing zeros (8 decimals in its tooltip), its USD value (half-up), the wallet ID, Buy Tokens and the rate", async () => {
    stubApi({ "GET /api/tokens/balance": () => json(balance("1234.50000000")) });
    renderWithToasts(<BalanceBanner user={{ id: "7d0c1f7e-2b1a-4c55-9a51-0d3b2f1e9a10" }} />);
    const banner = screen.getByRole("region", { name: /LOOP Balance/ });
    expect(within(banner).getByRole("status", { name: "Loading balance" })).toBeInTheDocument();
    const figure = await within(banner).findByTestId("banner-balance");
    expect(figure).toHaveTextContent("1,234.5 LOOP");
    expect(within(figure).getByTitle("1,234.50000000 LOOP")).toHaveTextContent("1,234.5");
    expect(within(banner).getByTestId("banner-usd")).toHaveTextContent("$2.47");
    expect(within(banner).getByTestId("banner-wallet-id")).toHaveTextContent("7d0c1f7e-2b1a-4c55-9a51-0d3b2f1e9a10");
    expect(within(banner).getByTestId("rate-badge")).toHaveTextContent("500 LOOP = $1 USD");
    expect(within(banner).getByRole("link", { name: "Buy Tokens" })).toHaveAttribute("href", "/tokens");
  });

  it("shows what is available to withdraw and the promotional LOOP (welcome bonus, level rewards) that is for loops only", async () => {
    stubApi({
      "GET /api/tokens/balance": () =>
        json(balance("800.00000000", "0.00000000", "800.00000000", { withdrawable: "300.00000000", promotional: "500.00000000" })),
    });
    renderWithToasts(<BalanceBanner user={{ id: "u-1" }} />);
    const parts = await screen.findByRole("list", { name: "Balance parts" });
    expect(textsByRole(parts, "listitem")).toEqual([
      "Available to withdraw: 300 LOOP",
      "Promotional: 500 LOOP (welcome bonus, level rewards, upload rewards): spend it on loops; it cannot be sent or withdrawn",
    ]);
  });

  it("without promotional LOOP, all of the available balance is shown as withdrawable", async () => {
    stubApi({ "GET /api/tokens/balance": () => json(balance("42.00000000")) });
    renderWithToasts(<BalanceBanner user={{ id: "u-1" }} />);
    expect(await screen.findByTestId("balance-withdrawable")).toHaveTextContent("Available to withdraw: 42 LOOP");
    expect(screen.queryByTestId("balance-promotional")).not.toBeInTheDocument();
  });

  it("rounds half a cent up and mentions held tokens", async () => {
    stubApi({ "GET /api/tokens/balance": () => json(balance("2.50000000", "1.00000000", "1.50000000")) });
    renderWithToasts(<BalanceBanner user={{ id: "u-1" }} />);
    expect(await screen.findByTestId("banner-usd")).toHaveTextContent("$0.01");
    expect(screen.getByText(/held for pending withdrawals/)).toHaveTextContent("· 1 LOOP held for pending withdrawals and offers");
  });

  it("shows card and PayPal sale proceeds as pending until their date, and only the rest as held for withdrawals and offers", async () => {
    stubApi({
      "GET /api/tokens/balance": () => json(balance("3000.00000000", "2505.00000000", "495.00000000")),
      "GET /api/tokens/pending-sales": () =>
        json([pendingSale("2495.00000000", "2026-12-03T12:00:00.000Z"), pendingSale("10.00000000", "2026-12-05T12:00:00.000Z")]),
    });
    renderWithToasts(<BalanceBanner user={{ id: "u-1" }} />);
    const pending = await screen.findByRole("list", { name: "Sale proceeds pending" });
    expect(textsByRole(pending, "listitem")).toEqual([
      "2,495 LOOP from card and PayPal sales pending until Dec 3, 2026",
      "10 LOOP from card and PayPal sales pending until Dec 5, 2026",
    ]);
    expect(screen.queryByText(/held for pending withdrawals/)).not.toBeInTheDocument();
  });

  it("a withdrawal held beside pending sales is told apart", async () => {
    stubApi({
      "GET /api/tokens/balance": () => json(balance("3000.00000000", "2515.00000000", "485.00000000")),
      "GET /api/tokens/pending-sales": () => json([pendingSale("2495.00000000")]),
    });
    renderWithToasts(<BalanceBanner user={{ id: "u-1" }} />);
    expect(await screen.findByText(/held for pending withdrawals/)).toHaveTextContent("· 20 LOOP held for pending withdrawals and offers");
    expect(screen.getByRole("list", { name: "Sale proceeds pending" })).toHaveTextContent(
      "2,495 LOOP from card and PayPal sales pending until Dec 3, 2026",
    );
  });

  it("copies the wallet ID", async () => {
    stubApi({ "GET /api/tokens/balance": () => json(balance("0.00000000")) });
    const { user } = renderWithToasts(<BalanceBanner user={{ id: "u-42" }} />);
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    await user.click(screen.getByRole("button", { name: "Copy wallet ID" }));
    expect(writeText).toHaveBeenCalledWith("u-42");
    expect(await screen.findByText("Address Copied")).toBeInTheDocument();
  });

  it("names the wallet ID when it cannot be copied, so it can be copied by hand", async () => {
    stubApi({ "GET /api/tokens/balance": () => json(balance("0.00000000")) });
    const { user } = renderWithToasts(<BalanceBanner user={{ id: "u-42" }} />);
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    await user.click(screen.getByRole("button", { name: "Copy wallet ID" }));
    expect(await screen.findByText("Copy Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to copy address to clipboard: u-42")).toBeInTheDocument();
  });

  it("offers a retry when the balance cannot be loaded", async () => {
    let fail = true;
    stubApi({ "GET /api/tokens/balance": () => (fail ? json({ message: "boom" }, 500) : json(balance("10.00000000"))) });
    const { user } = renderWithToasts(<BalanceBanner user={{ id: "u-1" }} />);
    expect(await screen.findByText("Your balance could not be loaded.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("banner-balance")).toHaveTextContent("10 LOOP");
  });

  it("is on the home page of a signed-in user, with their user id as the wallet ID", async () => {
    stubApi({
      "GET /api/auth/user": () => json(makeUser({ id: "user-77", username: "nightowl" })),
      "GET /api/genres": () => json([]),
      "GET /api/loops": () => json(page([], 0)),
      "GET /api/tokens/balance": () => json(balance("1234.50000000")),
    });
    renderApp("/home");
    const banner = await screen.findByRole("region", { name: /LOOP Balance/ });
    expect(await within(banner).findByTestId("banner-usd")).toHaveTextContent("$2.47");
    expect(within(banner).getByTestId("banner-wallet-id")).toHaveTextContent("user-77");
  });

  it("is not on the home page of a visitor", async () => {
    const api = stubApi({
      "GET /api/auth/user": () => json({ message: "Unauthorized" }, 401),
      "GET /api/genres": () => json([]),
      "GET /api/loops": () => json(page([], 0)),
    });
    renderApp("/home");
    expect(await screen.findByRole("heading", { level: 1, name: "Find your next loop" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /LOOP Balance/ })).not.toBeInTheDocument();
    expect(api.calls("/api/tokens/balance")).toEqual([]);
  });
});
