import { screen, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type ApiRoutes, json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp, renderWithProviders } from "@/testing/test-utils";
import { makeCreatorAnalytics, makeEmptyAnalytics } from "../testing/make-creator-analytics";
import { AnalyticsPage } from "./analytics-page";

const ME = makeUser({ id: "creator-1", username: "beatsmith" });

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(routes: ApiRoutes, path = "/analytics") {
  const api = stubApi(routes);
  const result = renderWithProviders(
    <>
      <AnalyticsPage user={ME} isLoading={false} onSignIn={vi.fn()} />
      <Location />
    </>,
    path,
  );
  return { ...result, api };
}

const region = (name: string | RegExp) => screen.findByRole("region", { name });

describe("Analytics page", () => {
  it("signed out: 'Sign In Required', the button opens the Join dialog; nothing fetched", async () => {
    const api = stubApi(SIGNED_OUT);
    const { user } = renderApp("/analytics");
    expect(await screen.findByRole("heading", { name: "Sign In Required" })).toBeInTheDocument();
    expect(screen.getByText("Please sign in to see the analytics of your loops")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
    expect(api.calls("/api/analytics/creator")).toEqual([]);
  });

  it("is routed at /analytics and the signed-in menu links to it", async () => {
    stubApi({ "/api/auth/user": () => json(ME), "/api/analytics/creator": () => json(makeCreatorAnalytics()) });
    const { user } = renderApp("/analytics");
    expect(await screen.findByRole("heading", { level: 1, name: "Analytics" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(await screen.findByRole("menuitem", { name: "Analytics" })).toHaveAttribute("href", "/analytics");
  });

  it("shows the last 30 days' totals and charts with exact figures; the CSV link carries the period", async () => {
    const { api } = renderPage({ "/api/analytics/creator": () => json(makeCreatorAnalytics()) });
    const earnings = await screen.findByRole("group", { name: "Earnings" });
    expect(api.calls("/api/analytics/creator")[0]!.url.search).toBe("?range=30d");
    expect(earnings).toHaveTextContent("4,250.12345678 LOOP");
    expect(earnings).toHaveTextContent("$8.50 as recorded at sale time");
    expect(screen.getByRole("group", { name: "Sales" })).toHaveTextContent("31 refund taken out");
    expect(screen.getByRole("group", { name: "Plays" })).toHaveTextContent("20");
    expect(screen.getByRole("group", { name: "Conversion" })).toHaveTextContent("15.00%");
    expect(screen.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText(/\(Mar 2, 2026 to Mar 4, 2026\)/)).toBeInTheDocument();

    const chart = await region("Earnings per day");
    expect(within(chart).getByTestId("chart-summary")).toHaveTextContent(
      "Earned 4,250.12345678 LOOP ($8.50) from 3 sales in the last 30 days: In-app LOOP 1,750.12345678 LOOP (2 sales), PayPal 2,500 LOOP (1 sale). 1 refund taken out. Best day: Mar 4, 2026 with 3,000.12345678 LOOP.",
    );
    expect(within(await region("Plays and downloads")).getByTestId("chart-summary")).toHaveTextContent(
      "20 plays and 3 downloads in the last 30 days. Most plays on Mar 4, 2026 (16).",
    );
    const conversion = await region("Conversion per loop");
    expect(within(conversion).getByTestId("chart-summary")).toHaveTextContent(
      "Overall 15.00% (3 sales of 20 plays) in the last 30 days. Best: Dusty Drums at 20.00%. 1 loop without plays is left out.",
    );
    expect(
      within(conversion)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Dusty Drums20.00%1 sale of 5 plays", "Neon Keys13.33%2 sales of 15 plays"]);

    expect(screen.getByRole("link", { name: "Export sales CSV, 30 days" })).toHaveAttribute(
      "href",
      "/api/analytics/creator/sales.csv?range=30d",
    );
  });

  it("the earnings chart shows its days as a table, in LOOP or in USD, by way of paying", async () => {
    const { user } = renderPage({ "/api/analytics/creator": () => json(makeCreatorAnalytics()) });
    const chart = await region("Earnings per day");
    await user.click(within(chart).getByRole("button", { name: "Show as table" }));
    const rows = () =>
      within(within(chart).getByRole("table"))
        .getAllByRole("row")
        .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows()).toEqual([
      ["Date", "In-app LOOP", "Wallet", "PayPal", "Card", "Total"],
      ["Mar 2, 2026", "1,250 LOOP", "0 LOOP", "0 LOOP", "0 LOOP", "1,250 LOOP"],
      ["Mar 3, 2026", "0 LOOP", "0 LOOP", "0 LOOP", "0 LOOP", "0 LOOP"],
      ["Mar 4, 2026", "500.12345678 LOOP", "0 LOOP", "2,500 LOOP", "0 LOOP", "3,000.12345678 LOOP"],
    ]);
    await user.click(within(chart).getByRole("button", { name: "USD" }));
    expect(within(chart).getByRole("button", { name: "USD" })).toHaveAttribute("aria-pressed", "true");
    expect(rows()[3]).toEqual(["Mar 4, 2026", "$1.00", "$0.00", "$5.00", "$0.00", "$6.00"]);
  });

  it("changing the period fetches it, keeps it in the address, and updates the CSV link", async () => {
    const { user, api } = renderPage({
      "/api/analytics/creator?range=30d": () => json(makeCreatorAnalytics("30d")),
      "/api/analytics/creator?range=7d": () => json(makeEmptyAnalytics("7d")),
    });
    await screen.findByRole("group", { name: "Earnings" });
    await user.click(screen.getByRole("button", { name: "7 days" }));
    expect(await screen.findByText(/No sales in the last 7 days\./)).toBeInTheDocument();
    expect(api.calls("/api/analytics/creator?range=7d")).toHaveLength(1);
    expect(screen.getByTestId("location")).toHaveTextContent("/analytics?range=7d");
    expect(screen.getByRole("link", { name: "Export sales CSV, 7 days" })).toHaveAttribute(
      "href",
      "/api/analytics/creator/sales.csv?range=7d",
    );
  });

  it("opens on the period of the address", async () => {
    const { api } = renderPage({ "/api/analytics/creator": () => json(makeCreatorAnalytics("all")) }, "/analytics?range=all");
    await screen.findByRole("group", { name: "Earnings" });
    expect(api.calls("/api/analytics/creator")[0]!.url.search).toBe("?range=all");
    expect(screen.getByRole("button", { name: "All time" })).toHaveAttribute("aria-pressed", "true");
    expect(within(await region("Plays and downloads")).getByTestId("chart-summary")).toHaveTextContent("20 plays and 3 downloads so far.");
  });

  it("says what will appear and when, for a period without activity", async () => {
    renderPage({ "/api/analytics/creator": () => json(makeEmptyAnalytics("7d")) }, "/analytics?range=7d");
    expect(await screen.findByText(/No sales in the last 7 days\. Earnings appear here, by way of paying/)).toBeInTheDocument();
    expect(screen.getByText(/Plays appear here once listeners play a preview past 5 seconds/)).toBeInTheDocument();
    expect(screen.getByText(/Conversion \(sales ÷ plays\) appears here for each loop once listeners play its preview/)).toBeInTheDocument();
    expect(screen.getByText(/Offers appear here on the day a buyer makes one on your loops/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show as table" })).not.toBeInTheDocument();
  });

  it("a creator without loops is told where they will appear", async () => {
    renderPage({ "/api/analytics/creator": () => json({ ...makeEmptyAnalytics("30d"), loops: [] }) });
    const table = await region("Your loops");
    expect(table).toHaveTextContent("Your loops appear here once you upload one");
  });

  it("lists the offers received and how they ended", async () => {
    renderPage({ "/api/analytics/creator": () => json(makeCreatorAnalytics()) });
    const offers = await region("Offers received");
    expect(offers).toHaveTextContent("5 received");
    const outcomes = within(offers)
      .getAllByRole("term")
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(outcomes).toEqual(["Accepted 1 (20%)", "Declined 1 (20%)", "Withdrawn 1 (20%)", "Expired 0 (0%)", "Still open 2 (40%)"]);
    expect(within(offers).getByRole("link", { name: "Answer 2 open offers in Negotiations" })).toHaveAttribute("href", "/negotiations");
  });

  it("a failed load says so and retries", async () => {
    let fail = true;
    const { user } = renderPage({
      "/api/analytics/creator": () => (fail ? json({ message: "Boom" }, 500) : json(makeCreatorAnalytics())),
    });
    expect(await screen.findByText("Your analytics could not be loaded.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("group", { name: "Earnings" })).toBeInTheDocument();
  });
});
