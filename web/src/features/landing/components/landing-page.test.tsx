import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { LandingPage } from "./landing-page";

function stat(testId: string) {
  return within(screen.getByTestId(testId));
}

describe("landing statistics and leaderboard", () => {
  it("shows the API's real figures and leaderboard rows", async () => {
    stubApi({
      "/api/stats/public": () =>
        json({
          totalUsers: 1234,
          totalCreators: 56,
          totalLoops: 789,
          tokensEarned: "617000.00000000",
          leaderboard: [
            {
              id: "u1",
              username: "nightowl",
              firstName: null,
              profileImageUrl: null,
              level: 12,
              experience: 7000,
              loopsCount: 31,
              totalEarned: "25000.50000000",
            },
            {
              id: "u2",
              username: null,
              firstName: "Mia",
              profileImageUrl: null,
              level: 3,
              experience: 250,
              loopsCount: 4,
              totalEarned: "900.00000000",
            },
            // A member without a loop in the catalog is not a creator.
            {
              id: "u3",
              username: "listener",
              firstName: null,
              profileImageUrl: null,
              level: 2,
              experience: 120,
              loopsCount: 0,
              totalEarned: "0.00000000",
            },
          ],
        }),
    });
    renderWithProviders(<LandingPage onJoin={vi.fn()} />);

    expect(await stat("stat-members").findByText("1,234")).toBeInTheDocument();
    expect(stat("stat-creators").getByText("56")).toBeInTheDocument();
    expect(stat("stat-loops").getByText("789")).toBeInTheDocument();
    expect(stat("stat-tokens-earned").getByText("617,000")).toBeInTheDocument();

    // The leaderboard is loaded lazily: it may show after the figures.
    const table = await screen.findByRole("table", { name: /top creators/i });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole("rowheader")).toHaveTextContent("nightowl");
    expect(rows[0]).toHaveTextContent("25,000.5 LOOP");
    expect(rows[0]).toHaveTextContent("Advanced");
    // The level with its title icon (tiers change at 10, 15 and 25).
    expect(within(rows[0]!).getByLabelText("Level 12 Advanced")).toHaveTextContent("Lv 12");
    expect(within(rows[0]!).getByLabelText("Level 12 Advanced").querySelector("svg")).not.toBeNull();
    expect(within(rows[1]!).getByRole("rowheader")).toHaveTextContent("Mia");
    expect(rows[1]).toHaveTextContent("900 LOOP");
    expect(within(rows[1]!).getByLabelText("Level 3 Beginner")).toBeInTheDocument();
    expect(within(table).queryByText("listener")).not.toBeInTheDocument();
  });

  it("shows honest zeros and an empty leaderboard on an empty platform", async () => {
    stubApi({
      "/api/stats/public": () => json({ totalUsers: 0, totalCreators: 0, totalLoops: 0, tokensEarned: "0.00000000", leaderboard: [] }),
    });
    renderWithProviders(<LandingPage onJoin={vi.fn()} />);

    expect(await stat("stat-members").findByText("0")).toBeInTheDocument();
    expect(stat("stat-creators").getByText("0")).toBeInTheDocument();
    expect(stat("stat-loops").getByText("0")).toBeInTheDocument();
    expect(stat("stat-tokens-earned").getByText("0")).toBeInTheDocument();
    expect(await screen.findByText("No creators on the leaderboard yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the empty state when no member has a loop in the catalog yet", async () => {
    stubApi({
      "/api/stats/public": () =>
        json({
          totalUsers: 2,
          totalCreators: 0,
          totalLoops: 0,
          tokensEarned: "1000.00000000",
          leaderboard: [
            {
              id: "u3",
              username: "listener",
              firstName: null,
              profileImageUrl: null,
              level: 1,
              experience: 0,
              loopsCount: 0,
              totalEarned: "0.00000000",
            },
          ],
        }),
    });
    renderWithProviders(<LandingPage onJoin={vi.fn()} />);
    expect(await screen.findByText("No creators on the leaderboard yet.")).toBeInTheDocument();
    expect(screen.queryByText("listener")).not.toBeInTheDocument();
  });

  it("uses no sample wording: every figure on the page is real", async () => {
    stubApi({
      "/api/stats/public": () => json({ totalUsers: 0, totalCreators: 0, totalLoops: 0, tokensEarned: "0.00000000", leaderboard: [] }),
    });
    const { container } = renderWithProviders(<LandingPage onJoin={vi.fn()} />);
    await screen.findByText("No creators on the leaderboard yet.");
    expect(container.textContent).not.toMatch(/sample|demo data|placeholder/i);
  });

  it("says when statistics are unavailable", async () => {
    stubApi({ "/api/stats/public": () => json({ message: "down" }, 503) });
    renderWithProviders(<LandingPage onJoin={vi.fn()} />);
    expect(await screen.findByText("Statistics are unavailable right now.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /try again/i })).toBeInTheDocument();
  });
});
