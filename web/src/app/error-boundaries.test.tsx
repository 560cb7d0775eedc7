import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { renderApp } from "@/testing/test-utils";

// A page whose render fails (a bug, a response of an unexpected shape).
vi.mock("./routes/level", () => ({
  LevelRoute: () => {
    throw new Error("Level page broke");
  },
}));

describe("each route's error boundary (issue 36: nothing goes blank)", () => {
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it("a page that fails shows the error page under the top bar, reports it, and another page works", async () => {
    const api = stubApi({
      ...SIGNED_OUT,
      "POST /api/client-errors": () => new Response(null, { status: 204 }),
      "/api/stats/public": () => json({ totalUsers: 0, totalCreators: 0, totalLoops: 0, tokensEarned: "0.00000000", leaderboard: [] }),
    });
    const { user } = renderApp("/level");
    const main = screen.getByRole("main");
    expect(await within(main).findByRole("alert")).toHaveTextContent("Something went wrong");
    // The shell stays: the top bar and its links.
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "LOOP home" })).toBeInTheDocument();
    await waitFor(() => expect(api.calls("POST /api/client-errors")).toHaveLength(1));
    expect(api.bodies("POST /api/client-errors")[0]).toMatchObject({ message: "Error: Level page broke" });

    // Try again renders the page again (it fails again here: the error page again, reported again).
    await user.click(within(main).getByRole("button", { name: "Try again" }));
    expect(await within(main).findByRole("alert")).toBeInTheDocument();
    await waitFor(() => expect(api.calls("POST /api/client-errors")).toHaveLength(2));

    // Another page starts afresh.
    await user.click(within(screen.getByRole("banner")).getByRole("link", { name: "LOOP home" }));
    expect(await screen.findByRole("heading", { level: 1, name: /Make loops/ })).toBeInTheDocument();
    expect(within(main).queryByRole("alert")).not.toBeInTheDocument();
  });
});
