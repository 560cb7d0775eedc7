import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { renderApp } from "@/testing/test-utils";

const EMPTY_STATS = { totalUsers: 0, totalCreators: 0, totalLoops: 0, tokensEarned: "0.00000000", leaderboard: [] };

describe("landing page calls to action", () => {
  const ctas = [
    { name: "Login" },
    { name: /claim your 500 loop/i },
    { name: /start selling loops/i },
    { name: /find your sound/i },
    { name: /start selling$/i },
    { name: /meet producers/i },
    { name: "Join the Competition" },
  ];

  it.each(ctas)("'$name' opens the Join dialog", async ({ name }) => {
    stubApi({ ...SIGNED_OUT, "/api/stats/public": () => json(EMPTY_STATS) });
    const { user } = renderApp("/");
    await user.click(await screen.findByRole("button", { name }));
    const dialog = await screen.findByRole("dialog", { name: "Join" });
    expect(within(dialog).getByRole("link", { name: /sign up or sign in with e-mail/i })).toHaveAttribute("href", "/api/login");
    expect(within(dialog).getByRole("button", { name: /sign up or sign in with a wallet/i })).toBeInTheDocument();
  });

  it("the menu's 'Sign Up / Login' opens the Join dialog", async () => {
    stubApi({ ...SIGNED_OUT, "/api/stats/public": () => json(EMPTY_STATS) });
    const { user } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sign Up / Login" }));
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
  });

  it("shows the landing page while auth loads and when signed out", async () => {
    stubApi({ ...SIGNED_OUT, "/api/stats/public": () => json(EMPTY_STATS) });
    renderApp("/");
    expect(screen.getByRole("heading", { level: 1, name: /make loops/i })).toBeInTheDocument();
    expect(screen.getByText(/welcome bonus/)).toHaveTextContent("Sign up today and get a 500 LOOP welcome bonus");
    await waitFor(() => expect(screen.getByRole("button", { name: "Login" })).toBeInTheDocument());
  });
});
