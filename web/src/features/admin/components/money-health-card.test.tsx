import type { AdminAnalytics } from "@loop/rules/schemas/admin-analytics";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { makeAdminUser } from "../testing/admin-fixtures";
import { makeAdminAnalytics, makeChargebackLossSeller, makeMoneyHealthChain, makeSample } from "../testing/make-admin-analytics";
import { MoneyHealth, NO_CHAIN_TEXT, NO_CHARGEBACK_LOSSES_TEXT } from "./money-health-card";

function renderHealth(data: AdminAnalytics) {
  const user = userEvent.setup();
  render(<MoneyHealth data={data} range={data.range} />);
  return { user, chain: screen.getByRole("region", { name: "Money health of Hardhat (local) (chain 31337)" }) };
}

describe("Money health", () => {
  it("draws the reserve beside the liability, the gap in red where they differ, and lists the gap's causes and the lag", async () => {
    const { user, chain } = renderHealth(makeAdminAnalytics());
    const backing = within(chain).getByRole("region", { name: "Reserve and liability" });
    expect(
      within(backing).getByRole("group", { name: /Reserve and liability on Hardhat \(local\), per hourly sample/ }),
    ).toBeInTheDocument();
    // Two lines, the gap only as a band: marked under the plot at the sample that differs, not at the others.
    expect(within(backing).getByTestId("line-reserve")).toBeInTheDocument();
    expect(within(backing).getByTestId("line-liability")).toBeInTheDocument();
    expect(within(backing).queryByTestId("line-gap")).not.toBeInTheDocument();
    expect(within(backing).getByTestId("band-2026-03-04T12:00:00.000Z")).toBeInTheDocument();
    expect(within(backing).queryByTestId("band-2026-03-04T11:00:00.000Z")).not.toBeInTheDocument();
    // A sample that differs alone: a line between the two, where an area would have no width.
    expect(within(backing).getByTestId("band-line-2026-03-04T12:00:00.000Z")).toHaveStyle({ stroke: "var(--color-destructive)" });
    expect(within(backing).getByText("Gap (reserve − liability)")).toBeInTheDocument();
    expect(within(backing).getByTestId("chart-summary")).toHaveTextContent(
      "Latest sample (Mar 4, 2026, 12:00 UTC): reserve 1,000,487.5 LOOP, liability 1,000,500 LOOP, gap -12.5 LOOP. 3 samples in the last 30 days, 1 with a gap.",
    );
    await user.click(within(backing).getByRole("button", { name: "Show as table" }));
    expect(
      within(within(backing).getByRole("table"))
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "DateVault reserveLedger liabilityGap (reserve − liability)",
      "Mar 4, 2026, 10:00 UTC1,000,000 LOOP1,000,000 LOOP0 LOOP",
      "Mar 4, 2026, 11:00 UTC1,000,500 LOOP1,000,500 LOOP0 LOOP",
      "Mar 4, 2026, 12:00 UTC1,000,487.5 LOOP1,000,500 LOOP-12.5 LOOP",
    ]);

    const gap = within(chain).getByRole("region", { name: "Gap and settlement" });
    expect(within(gap).getByRole("alert")).toHaveTextContent(
      "The reserve is 12.5 LOOP short of the ledger's liability (gap -12.5 LOOP, as of Mar 4, 2026, 12:00 UTC).",
    );
    expect(
      within(within(gap).getByRole("list", { name: "Causes of the gap" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Payouts not settled yet (withdrawals in flight)-10 LOOP",
      "Not explained by a known cause (events not indexed yet, or LOOP moved outside the app)-2.5 LOOP",
    ]);
    expect(within(gap).getByTestId("lag-blocks")).toHaveTextContent("2 blocks");
    expect(within(gap).getByTestId("lag-seconds")).toHaveTextContent("3 seconds");

    const flows = within(chain).getByRole("region", { name: "Deposits in and payouts out" });
    expect(within(flows).getByTestId("chart-summary")).toHaveTextContent("500 LOOP deposited and 12.5 LOOP paid out in the last 30 days.");
  });

  it("says clearly when the reserve matches the ledger, and 'unknown' for a lag it does not know", () => {
    const data = makeAdminAnalytics("7d", {
      moneyHealth: [
        makeMoneyHealthChain({
          samples: [makeSample("2026-03-04T12:00:00.000Z", "1000000.00000000", "1000000.00000000", "0.00000000")],
          gap: null,
          settlementLag: { blocks: null, seconds: null },
        }),
      ],
    });
    const { chain } = renderHealth(data);
    const gap = within(chain).getByRole("region", { name: "Gap and settlement" });
    expect(within(gap).getByTestId("money-gap")).toHaveTextContent(
      "Reserve matches the ledger: the gap is 0 LOOP (as of Mar 4, 2026, 12:00 UTC).",
    );
    expect(within(gap).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(gap).getByTestId("lag-blocks")).toHaveTextContent("unknown");
    expect(within(gap).getByTestId("lag-seconds")).toHaveTextContent("unknown");
    expect(within(chain).queryByTestId(/^band-2026/)).not.toBeInTheDocument();
  });

  it("says when samples and flows will appear before the first sample", () => {
    const data = makeAdminAnalytics("7d", {
      moneyHealth: [
        makeMoneyHealthChain({
          samples: [],
          gap: null,
          settlementLag: { blocks: null, seconds: null },
          days: [{ date: "2026-03-04", depositsInLoop: "0.00000000", payoutsOutLoop: "0.00000000" }],
        }),
      ],
    });
    const { chain } = renderHealth(data);
    expect(
      within(chain).getByText(/^No sample in the last 7 days\. The worker samples the reserve and the liability once an hour/),
    ).toBeInTheDocument();
    expect(within(chain).getByText(/^No sample yet: the gap and the lag appear here/)).toBeInTheDocument();
    expect(within(chain).getByText(/^No deposits or payouts in the last 7 days\. Deposits appear here on the day/)).toBeInTheDocument();
  });

  it("without a chain with contracts, says so", () => {
    render(<MoneyHealth data={makeAdminAnalytics("30d", { moneyHealth: [] })} range="30d" />);
    expect(within(screen.getByRole("region", { name: "Money health" })).getByText(NO_CHAIN_TEXT)).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Chargeback losses" })).getByText(NO_CHARGEBACK_LOSSES_TEXT)).toBeInTheDocument();
  });

  it("names the sellers with chargeback losses; Lift Suspension restores a suspended seller's withdrawals", async () => {
    const sellerId = "00000000-0000-4000-8000-0000000000d1";
    const api = stubApi({ [`PUT /api/admin/users/${sellerId}/withdrawals`]: () => json(makeAdminUser({ id: sellerId })) });
    const data = makeAdminAnalytics("30d", {
      chargebackLosses: [
        makeChargebackLossSeller(),
        makeChargebackLossSeller({
          sellerId: "00000000-0000-4000-8000-0000000000d2",
          username: "once",
          amountLoop: "2495.00000000",
          amountUsd: "4.99",
          count: 1,
          chargebacks: 1,
          withdrawalsSuspendedAt: null,
        }),
      ],
    });
    const { user } = renderWithToasts(<MoneyHealth data={data} range={data.range} />);
    const losses = screen.getByRole("region", { name: "Chargeback losses" });
    const rows = within(within(losses).getByRole("list", { name: "Sellers with chargeback losses" })).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "colluder4,990 LOOP ($9.98)2 sales reversed after the hold · 2 chargebacksWithdrawals suspendedLift Suspension",
      "once2,495 LOOP ($4.99)1 sale reversed after the hold · 1 chargeback",
    ]);
    await user.click(within(rows[0]!).getByRole("button", { name: "Lift Suspension" }));
    expect(await screen.findByText("Withdrawals Restored")).toBeInTheDocument();
    expect(api.bodies(`PUT /api/admin/users/${sellerId}/withdrawals`)).toEqual([{ suspended: false }]);
  });
});
