import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { makeStats } from "../testing/admin-fixtures";
import { makeAdminAnalytics, makeEmptyAdminAnalytics } from "../testing/make-admin-analytics";
import { OverviewTab } from "./overview-tab";

const region = (name: string | RegExp) => screen.findByRole("region", { name });
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => row.textContent);

describe("Overview tab charts", () => {
  it("keeps the four figures and shows volume and fees by way of paying, exact, in USD or LOOP", async () => {
    const api = stubApi({
      "GET /api/admin/stats": () => json(makeStats()),
      "GET /api/admin/settlement-discrepancies": () => json({ discrepancies: [] }),
      "GET /api/admin/analytics": (request) => json(makeAdminAnalytics((request.url.searchParams.get("range") ?? "30d") as "30d")),
    });
    const { user } = renderWithProviders(<OverviewTab />);
    expect(await within(screen.getByRole("group", { name: "Total Users" })).findByText("1,234")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Total Revenue" })).toHaveTextContent("$4,321.50");

    const volume = await region("Sales volume per day");
    expect(api.calls("GET /api/admin/analytics")[0]!.url.search).toBe("?range=30d");
    expect(screen.getByText(/Mar 2, 2026 to Mar 4, 2026/)).toBeInTheDocument();
    expect(within(volume).getByTestId("chart-summary")).toHaveTextContent(
      "Members paid $4.14 on 4 sales in the last 30 days: In-app LOOP $1.02 (1 sale), Wallet $1.04 (1 sale), Card $2.08 (2 sales).",
    );
    await user.click(within(volume).getByRole("button", { name: "Show as table" }));
    const volumeTable = within(volume).getByRole("table", { name: "Sales volume per day in USD, by way of paying" });
    expect(rows(volumeTable)).toEqual([
      "DateIn-app LOOPWalletPayPalCardTotal",
      "Mar 2, 2026$0.00$0.00$0.00$0.00$0.00",
      "Mar 3, 2026$0.00$0.00$0.00$0.00$0.00",
      "Mar 4, 2026$1.02$1.04$0.00$2.08$4.14",
    ]);
    await user.click(within(volume).getByRole("button", { name: "LOOP" }));
    expect(rows(within(volume).getByRole("table", { name: "Sales volume per day in LOOP, by way of paying" })).at(-1)).toBe(
      "Mar 4, 2026510 LOOP520 LOOP0 LOOP1,040 LOOP2,070 LOOP",
    );

    const fees = await region("Platform fees per day");
    expect(within(fees).getByTestId("chart-summary")).toHaveTextContent("The platform earned $0.14 in fees on 4 sales in the last 30 days");
    await user.click(within(fees).getByRole("button", { name: "Show as table" }));
    expect(rows(within(fees).getByRole("table", { name: "Platform fees per day in USD, by way of paying" })).at(-1)).toBe(
      "Mar 4, 2026$0.02$0.04$0.00$0.08$0.14",
    );

    // Members, uploads, withdrawals.
    const members = await region("Members per day");
    expect(within(members).getByTestId("chart-summary")).toHaveTextContent("4 new members and 11 member-days of activity");
    await user.click(within(members).getByRole("button", { name: "Show as table" }));
    expect(rows(within(members).getByRole("table", { name: "New and active members per day" }))).toEqual([
      "DateNew membersActive members",
      "Mar 2, 202632",
      "Mar 3, 202604",
      "Mar 4, 202615",
    ]);
    const uploads = await region("Uploads per day");
    expect(within(uploads).getByTestId("chart-summary")).toHaveTextContent("3 uploads and 1 processing failure in the last 30 days.");
    const withdrawals = await region("Withdrawals per day");
    expect(within(withdrawals).getByTestId("chart-summary")).toHaveTextContent(
      "1 withdrawal requested (1,000 LOOP) and 1 paid (1,000 LOOP) in the last 30 days.",
    );
    await user.click(within(withdrawals).getByRole("button", { name: "LOOP" }));
    expect(within(withdrawals).getByRole("group", { name: "Withdrawals requested and paid per day, in LOOP" })).toBeInTheDocument();
    await user.click(within(withdrawals).getByRole("button", { name: "Show as table" }));
    expect(rows(within(withdrawals).getByRole("table", { name: "Withdrawals requested and paid per day" })).slice(2)).toEqual([
      "Mar 3, 202611,000 LOOP00 LOOP",
      "Mar 4, 202600 LOOP11,000 LOOP",
    ]);

    // Money health of the local chain.
    expect(await region("Money health of Hardhat (local) (chain 31337)")).toBeInTheDocument();

    // Another period: asked for, the previous figures stay until it arrives.
    await user.click(screen.getByRole("button", { name: "7 days" }));
    expect(screen.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(api.calls("GET /api/admin/analytics").map((call) => call.url.search)).toContain("?range=7d"));
    expect(await within(await region("Uploads per day")).findByText(/in the last 7 days/)).toBeInTheDocument();
  });

  it("says what will appear and when for each empty chart, and that no chain has contracts", async () => {
    stubApi({
      "GET /api/admin/stats": () => json(makeStats()),
      "GET /api/admin/settlement-discrepancies": () => json({ discrepancies: [] }),
      "GET /api/admin/analytics": () => json(makeEmptyAdminAnalytics("30d")),
    });
    renderWithProviders(<OverviewTab />);
    expect(
      await within(await region("Sales volume per day")).findByText(/^No sales in the last 30 days\. Volume appear/),
    ).toBeInTheDocument();
    expect(within(await region("Platform fees per day")).getByText(/^No sales in the last 30 days\. Fees appear here/)).toBeInTheDocument();
    expect(within(await region("Members per day")).getByText(/New members appear here on the day they sign up/)).toBeInTheDocument();
    expect(
      within(await region("Uploads per day")).getByText(/Uploads appear here on the day a creator uploads a loop/),
    ).toBeInTheDocument();
    expect(within(await region("Withdrawals per day")).getByText(/Requests appear here on the day a member asks/)).toBeInTheDocument();
    expect(within(await region("Money health")).getByText(/^No chain has contracts configured/)).toBeInTheDocument();
    expect(
      await within(await region("Settlement discrepancies")).findByText("No discrepancies: every chain event was recorded."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show as table" })).not.toBeInTheDocument();
  });

  it("keeps the four figures when the charts cannot be loaded, and retries", async () => {
    let fail = true;
    const api = stubApi({
      "GET /api/admin/stats": () => json(makeStats()),
      "GET /api/admin/settlement-discrepancies": () => json({ discrepancies: [] }),
      "GET /api/admin/analytics": () => (fail ? json({ message: "Boom" }, 500) : json(makeAdminAnalytics())),
      "GET /api/exchange": () => json({ markets: [] }),
    });
    const { user } = renderWithProviders(<OverviewTab />);
    expect(await screen.findByText("The platform's charts could not be loaded.")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Total Users" })).getByText("1,234")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await region("Sales volume per day")).toBeInTheDocument();
    expect(api.calls("GET /api/admin/analytics").length).toBeGreaterThan(1);
  });
});
