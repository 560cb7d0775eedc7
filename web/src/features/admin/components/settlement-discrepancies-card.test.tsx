import { SETTLEMENT_DISCREPANCY_MESSAGES, type SettlementDiscrepancy } from "@loop/rules/schemas/settlement-discrepancies";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type ApiHandler, json, stubApi } from "@/testing/stub-api";
import { renderWithToasts } from "@/testing/test-utils";
import { SettlementDiscrepanciesCard } from "./settlement-discrepancies-card";

const TX_HASH = "0x8f3a1c2b4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8";

function makeDiscrepancy(overrides: Partial<SettlementDiscrepancy> = {}): SettlementDiscrepancy {
  return {
    id: "00000000-0000-4000-8000-0000000000d1",
    chainId: 31337,
    txHash: TX_HASH,
    logIndex: 2,
    kind: "offer_settled",
    detail: "The accepted offer was paid on chain but no sale could be made of it: the loop was deleted.",
    createdAt: "2026-11-21T10:00:00.000Z",
    resolvedAt: null,
    resolvedBy: null,
    resolution: null,
    ...overrides,
  };
}

const OFFER = makeDiscrepancy();
const PAYOUT = makeDiscrepancy({
  id: "00000000-0000-4000-8000-0000000000d2",
  chainId: 56,
  txHash: "0x1111111111222222222233333333334444444444555555555566666666667777",
  logIndex: 0,
  kind: "paid_out",
  detail: "LoopVault paid out a withdrawal that was given back in the app.",
  createdAt: "2026-11-22T10:00:00.000Z",
});
const RESOLVE_OFFER = `POST /api/admin/settlement-discrepancies/${OFFER.id}/resolve`;

/** The card over a list the server keeps: a successful resolve takes the discrepancy out of it. */
function setup(open: SettlementDiscrepancy[], resolve?: ApiHandler) {
  let list = open;
  const api = stubApi({
    "GET /api/admin/settlement-discrepancies": () => json({ discrepancies: list }),
    "POST /api/admin/settlement-discrepancies/:id/resolve": (request) => {
      if (resolve) return resolve(request);
      const found = list.find((discrepancy) => discrepancy.id === request.params.id)!;
      list = list.filter((discrepancy) => discrepancy !== found);
      const { resolution } = request.body as { resolution: string };
      return json({ ...found, resolvedAt: "2026-11-23T10:00:00.000Z", resolvedBy: "boss", resolution });
    },
  });
  const rendered = renderWithToasts(<SettlementDiscrepanciesCard />);
  const card = () => screen.getByRole("region", { name: "Settlement discrepancies" });
  const row = (name: string) => within(card()).findByRole("listitem", { name });
  const openDialog = async (name: string) => {
    await rendered.user.click(within(await row(name)).getByRole("button", { name: "Resolve" }));
    return screen.getByRole("dialog", { name: "Resolve Discrepancy" });
  };
  return {
    ...rendered,
    api,
    card,
    row,
    openDialog,
    /** Lets the server's list change behind the page (another admin resolving). */
    setList: (next: SettlementDiscrepancy[]) => (list = next),
  };
}

describe("Settlement discrepancies (admin Overview)", () => {
  it("says calmly that there is none when every chain event was recorded", async () => {
    const { card } = setup([]);
    expect(await within(card()).findByText("No discrepancies: every chain event was recorded.")).toBeInTheDocument();
    expect(within(card()).queryByRole("listitem")).not.toBeInTheDocument();
    expect(within(card()).queryByText(/open$/)).not.toBeInTheDocument();
    expect(within(card()).queryByRole("button", { name: "Resolve" })).not.toBeInTheDocument();
  });

  it("lists each open one with its event in words, chain, detail and shortened transaction, and counts them", async () => {
    const { card, row } = setup([OFFER, PAYOUT]);
    const offer = await row("Offer settled in 0x8f3a1c2b…c5d6e7f8");
    expect(within(card()).getByTestId("discrepancy-count")).toHaveTextContent("2 open");
    expect(within(offer).getByText(OFFER.detail)).toBeInTheDocument();
    expect(within(offer).getByText("Hardhat (local) · chain 31337")).toBeInTheDocument();
    const hash = within(offer).getByText("0x8f3a1c2b…c5d6e7f8");
    expect(hash).toHaveAttribute("title", TX_HASH);
    expect(offer).toHaveTextContent(/log 2 · Nov 21, 2026/);
    expect(offer).not.toHaveTextContent(TX_HASH);

    const payout = await row("Payout in 0x11111111…66667777");
    expect(within(payout).getByText("BNB Smart Chain · chain 56")).toBeInTheDocument();
    expect(within(payout).getByText(PAYOUT.detail)).toBeInTheDocument();
    // Oldest first, as the server sends them.
    expect(within(card()).getAllByRole("listitem")).toEqual([offer, payout]);
  });

  it("shows an unknown event kind as the API names it", async () => {
    const { row } = setup([makeDiscrepancy({ kind: "deposit_unmatched", chainId: 999 })]);
    const listed = await row("deposit_unmatched in 0x8f3a1c2b…c5d6e7f8");
    expect(within(listed).getByText("Chain 999")).toBeInTheDocument();
  });

  it("refuses to resolve without a note", async () => {
    const { user, api, openDialog } = setup([OFFER]);
    const dialog = await openDialog("Offer settled in 0x8f3a1c2b…c5d6e7f8");
    const confirm = within(dialog).getByRole("button", { name: "Resolve" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText("What was done"), "   ");
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(api.calls(RESOLVE_OFFER)).toHaveLength(0);
    expect(screen.getByRole("dialog", { name: "Resolve Discrepancy" })).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the note", async () => {
    const { user, row, openDialog } = setup([OFFER], () => json({ message: "Resolution Required: say what was done about it" }, 400));
    const dialog = await openDialog("Offer settled in 0x8f3a1c2b…c5d6e7f8");
    await user.type(within(dialog).getByLabelText("What was done"), "done");
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    expect(await screen.findByText("Resolution Required: say what was done about it")).toBeInTheDocument();
    expect(screen.getByText("Update Failed")).toBeInTheDocument();
    expect(screen.queryByText("Discrepancy Resolved")).not.toBeInTheDocument();
    // Nothing was resolved: the dialog stays open, and once closed the row is still listed.
    await user.click(within(screen.getByRole("dialog", { name: "Resolve Discrepancy" })).getByRole("button", { name: "Cancel" }));
    expect(await row("Offer settled in 0x8f3a1c2b…c5d6e7f8")).toBeInTheDocument();
  });

  it("resolves one with the note sent trimmed: a toast says so and the row leaves the list", async () => {
    const { user, api, card, row, openDialog } = setup([OFFER, PAYOUT]);
    const dialog = await openDialog("Offer settled in 0x8f3a1c2b…c5d6e7f8");
    await user.type(within(dialog).getByLabelText("What was done"), "  Refunded the buyer 1,500 LOOP by hand.  ");
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));

    expect(await screen.findByText("Discrepancy Resolved")).toBeInTheDocument();
    expect(screen.getByText("Offer settled in 0x8f3a1c2b…c5d6e7f8 is resolved.")).toBeInTheDocument();
    expect(api.bodies(RESOLVE_OFFER)).toEqual([{ resolution: "Refunded the buyer 1,500 LOOP by hand." }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(card()).queryByRole("listitem", { name: "Offer settled in 0x8f3a1c2b…c5d6e7f8" })).not.toBeInTheDocument(),
    );
    expect(await row("Payout in 0x11111111…66667777")).toBeInTheDocument();
    expect(within(card()).getByTestId("discrepancy-count")).toHaveTextContent("1 open");
  });

  it("the last one resolved leaves the calm line", async () => {
    const { user, card, openDialog } = setup([OFFER]);
    const dialog = await openDialog("Offer settled in 0x8f3a1c2b…c5d6e7f8");
    await user.type(within(dialog).getByLabelText("What was done"), "Made the sale by hand.");
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    expect(await within(card()).findByText("No discrepancies: every chain event was recorded.")).toBeInTheDocument();
    expect(within(card()).queryByTestId("discrepancy-count")).not.toBeInTheDocument();
  });

  it("tells that another admin resolved it first, and the row leaves the list", async () => {
    const { user, card, openDialog, setList } = setup([OFFER], () => json({ message: SETTLEMENT_DISCREPANCY_MESSAGES.resolved }, 409));
    const dialog = await openDialog("Offer settled in 0x8f3a1c2b…c5d6e7f8");
    await user.type(within(dialog).getByLabelText("What was done"), "Refunded the buyer.");
    setList([]);
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    expect(await screen.findByText("Discrepancy Already Resolved: another admin resolved it first")).toBeInTheDocument();
    expect(screen.getByText("Update Failed")).toBeInTheDocument();
    expect(screen.queryByText("Discrepancy Resolved")).not.toBeInTheDocument();
    expect(await within(card()).findByText("No discrepancies: every chain event was recorded.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("a failed load offers Retry", async () => {
    let answer = json({ message: "boom" }, 500);
    const api = stubApi({ "GET /api/admin/settlement-discrepancies": () => answer });
    const { user } = renderWithToasts(<SettlementDiscrepanciesCard />);
    expect(await screen.findByText("The settlement discrepancies could not be loaded.")).toBeInTheDocument();
    answer = json({ discrepancies: [OFFER] });
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("listitem", { name: "Offer settled in 0x8f3a1c2b…c5d6e7f8" })).toBeInTheDocument();
    expect(api.calls("GET /api/admin/settlement-discrepancies").length).toBeGreaterThanOrEqual(2);
  });
});
