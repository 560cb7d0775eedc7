import type { VaultBacking, VaultBackingChain, VaultBackingCauseCode } from "@loop/rules/schemas/vault-backing";
import { VAULT_BACKING_CAUSES } from "@loop/rules/schemas/vault-backing";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { VaultBackingCard, exactLoopText } from "./vault-backing-card";

const VAULT = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

function chain(
  overrides: Partial<VaultBackingChain> = {},
  amounts: Partial<Record<VaultBackingCauseCode, string>> = {},
): VaultBackingChain {
  return {
    chainId: 31337,
    name: "Hardhat (local)",
    vault: VAULT,
    payoutChain: true,
    reserve: "1810",
    fees: "80",
    liability: "1800",
    difference: "10",
    causes: (Object.keys(VAULT_BACKING_CAUSES) as VaultBackingCauseCode[]).map((code) => ({
      code,
      ...VAULT_BACKING_CAUSES[code],
      amount: amounts[code] ?? "0",
      events: amounts[code] ? 1 : 0,
    })),
    unexplained: "0",
    payoutLimit: "100000",
    payoutRemaining: "98800",
    payoutPeriodEndsAt: "2026-11-27T00:00:00.000Z",
    problem: null,
    ...overrides,
  };
}

function backing(chains: VaultBackingChain[], overrides: Partial<VaultBacking> = {}): VaultBacking {
  return { memberLoop: "1800", issuedInApp: "2500", treasuryFunding: "0", reservesTotal: "1810", chains, ...overrides };
}

function setup(answer: () => Response) {
  const api = stubApi({ "GET /api/admin/vault/backing": answer });
  return { ...renderWithToasts(<VaultBackingCard />), api };
}

/** The value of a figure (its first definition; the second is the hint). */
const figure = (section: HTMLElement, label: string) =>
  within(within(section).getByRole("group", { name: label })).getAllByRole("definition")[0]!;

describe("Reserve Backing (admin Settings)", () => {
  it("shows, per chain, the reserve beside the ledger's liability, the difference and each cause that is not zero", async () => {
    setup(() => json(backing([chain({}, { deposits_unmatched: "10" })])));
    const section = await screen.findByRole("region", { name: "Hardhat (local) (chain 31337)" });
    expect(figure(section, "On-chain reserve")).toHaveTextContent("1,810 LOOP");
    expect(figure(section, "Ledger vault liability")).toHaveTextContent("1,800 LOOP");
    expect(figure(section, "Difference")).toHaveTextContent("+10 LOOP");
    expect(figure(section, "Fees (withdrawable)")).toHaveTextContent("80 LOOP");
    expect(within(section).getByText("Backed")).toBeInTheDocument();
    expect(within(section).getByText("Payouts go out here")).toBeInTheDocument();
    const causes = within(section).getByRole("list", { name: "Causes of the difference" });
    const items = within(causes).getAllByRole("listitem");
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent("Deposits that credited no member");
    expect(items[0]).toHaveTextContent("+10 LOOP (1 event)");
    expect(
      within(section).getByText(/Payout limit: 100,000 LOOP per day \(UTC\); 98,800 LOOP left until Nov 27, 2026/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText(/Members hold 1,800 LOOP in app/)).toHaveTextContent("the reserves hold 1,810 LOOP");
  });

  it("a payout in flight: the chain is short by it, and the cause says so", async () => {
    setup(() =>
      json(
        backing([chain({ reserve: "800", liability: "1800", difference: "-1000" }, { payouts_unsettled: "-1000" })], {
          reservesTotal: "800",
        }),
      ),
    );
    const section = await screen.findByRole("region", { name: "Hardhat (local) (chain 31337)" });
    expect(within(section).getByText("Short")).toBeInTheDocument();
    expect(figure(section, "Difference")).toHaveTextContent("-1,000 LOOP");
    expect(within(within(section).getByRole("list", { name: "Causes of the difference" })).getByRole("listitem")).toHaveTextContent(
      "Payouts not settled yet (withdrawals in flight)-1,000 LOOP (1 event)",
    );
    // The members' 1,800 LOOP are more than the reserves' 800.
    expect(screen.getByRole("alert")).toHaveTextContent("If every member withdrew on chain now, the reserves would be short by 1,000 LOOP");
  });

  it("warns about a difference that no known cause explains", async () => {
    setup(() =>
      json(
        backing([chain({ reserve: "300", liability: "1800", difference: "-1500", unexplained: "-1500" })], {
          memberLoop: "300",
          reservesTotal: "300",
        }),
      ),
    );
    const section = await screen.findByRole("region", { name: "Hardhat (local) (chain 31337)" });
    expect(within(section).getByText("Short")).toBeInTheDocument();
    expect(within(section).getByRole("alert")).toHaveTextContent("Unexplained: -1,500 LOOP.");
    expect(within(section).queryByRole("list", { name: "Causes of the difference" })).not.toBeInTheDocument();
  });

  it("a chain that cannot be read says why; the other chains still show", async () => {
    const down = chain({
      chainId: 56,
      name: "BNB Smart Chain",
      payoutChain: false,
      reserve: null,
      fees: null,
      liability: null,
      difference: null,
      causes: [],
      unexplained: null,
      payoutLimit: null,
      payoutRemaining: null,
      payoutPeriodEndsAt: null,
      problem: "Chain 56 did not answer (no answer within 3000 ms).",
    });
    setup(() => json(backing([chain({ chainId: 1, name: "Ethereum" }), down], { reservesTotal: null, treasuryFunding: null })));
    const bsc = await screen.findByRole("region", { name: "BNB Smart Chain (chain 56)" });
    expect(within(bsc).getByText("Unavailable")).toBeInTheDocument();
    expect(within(bsc).getByText("Chain 56 did not answer (no answer within 3000 ms).")).toBeInTheDocument();
    expect(figure(bsc, "On-chain reserve")).toHaveTextContent("unavailable");
    expect(within(bsc).queryByText("Payouts go out here")).not.toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Ethereum (chain 1)" })).getByText("Backed")).toBeInTheDocument();
    expect(screen.getByText(/the reserves hold an unknown amount/)).toBeInTheDocument();
  });

  it("a failed load offers Retry", async () => {
    let answer = json({ message: "boom" }, 500);
    const { user, api } = setup(() => answer);
    expect(await screen.findByText("The reserve figures could not be loaded.")).toBeInTheDocument();
    answer = json(backing([chain()]));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Hardhat (local) (chain 31337)" })).toBeInTheDocument();
    expect(api.calls("GET /api/admin/vault/backing").length).toBeGreaterThanOrEqual(2);
  });
});

describe("exactLoopText", () => {
  it("groups the whole part and keeps every significant decimal (a reconciliation never rounds)", () => {
    expect(exactLoopText("1234567.000000000000000001")).toBe("1,234,567.000000000000000001 LOOP");
    expect(exactLoopText("-1000", { signed: true })).toBe("-1,000 LOOP");
    expect(exactLoopText("10", { signed: true })).toBe("+10 LOOP");
    expect(exactLoopText("0", { signed: true })).toBe("0 LOOP");
    expect(exactLoopText("1800.500000000000000000")).toBe("1,800.5 LOOP");
    expect(exactLoopText("n/a")).toBe("n/a LOOP");
  });
});
