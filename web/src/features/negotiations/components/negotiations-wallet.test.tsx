import type { ClientConfig } from "@loop/rules/chains";
import type { Negotiation } from "@loop/rules/schemas/negotiations";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { publishConnectedWallet, writtenFunctions } from "@/lib/wallet/fake-wallet-controls";
import type { WalletControls } from "@/lib/wallet/types";
import { makeWalletClientConfig, TEST_CONTRACTS } from "@/testing/make-client-config";
import { makeNegotiation } from "@/testing/make-negotiation";
import { type ApiRoutes, json, stubApi, type StubbedApi } from "@/testing/stub-api";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { NegotiationsPage } from "./negotiations-page";

const LOOP = 10n ** 18n;
const BUYER_WALLET = `0x${"d4".repeat(20)}` as const;
const { token: TOKEN, marketplace: MARKETPLACE } = TEST_CONTRACTS;
const APPROVE_TX = `0x${"11".repeat(32)}` as const;
const CHANGE_TX = `0x${"55".repeat(32)}` as const;
const RECLAIM_TX = `0x${"66".repeat(32)}` as const;

const SELLER = makeUser({ id: "seller-1", username: "beatsmith" });
const BUYER = makeUser({ id: "buyer-1", username: "crate_digger", walletAddress: BUYER_WALLET });

const config: ClientConfig = makeWalletClientConfig();

const walletOffer = (overrides: Partial<Negotiation> = {}) =>
  makeNegotiation({ funding: "wallet", heldLoop: null, chainOfferId: "42", ...overrides });

function wallet(overrides: Partial<WalletControls> = {}): WalletControls {
  const writes = { "token.approve": APPROVE_TX, "marketplace.changeOffer": CHANGE_TX, "marketplace.reclaimOffer": RECLAIM_TX };
  return publishConnectedWallet({ address: BUYER_WALLET, writes, snapshot: false }, overrides);
}

function renderPage(viewer: typeof SELLER, lists: { sent?: Negotiation[]; received?: Negotiation[] }, routes: ApiRoutes = {}) {
  const api = stubApi({
    "/api/negotiations?scope=sent": () => json(lists.sent ?? []),
    "/api/negotiations?scope=received": () => json(lists.received ?? []),
    "/api/config": () => json(config),
    ...routes,
  });
  const result = renderWithProviders(
    <>
      <NegotiationsPage user={viewer} isLoading={false} onSignIn={vi.fn()} />
      <Toaster />
    </>,
  );
  return { ...result, api };
}

const puts = (api: StubbedApi) => api.requests.filter(({ method }) => method === "PUT");
const item = (title: string) => screen.findByRole("article", { name: title });

describe("Negotiations page: wallet-funded offers", () => {
  it("tags a wallet offer 'Wallet escrow' instead of showing held LOOP; an in-app offer keeps 'Held'", async () => {
    renderPage(BUYER, {
      sent: [
        walletOffer({ loop: { id: "loop-w", title: "On Chain", price: "12.50", user: { id: "seller-1", username: "beatsmith" } } }),
        makeNegotiation({ loop: { id: "loop-a", title: "In App", price: "12.50", user: { id: "seller-1", username: "beatsmith" } } }),
      ],
    });
    const onChain = await item("On Chain");
    expect(within(onChain).getByTestId("negotiation-funding")).toHaveTextContent("Wallet escrow");
    expect(onChain).not.toHaveTextContent("Held");
    const inApp = await item("In App");
    expect(within(inApp).queryByTestId("negotiation-funding")).not.toBeInTheDocument();
    expect(inApp).toHaveTextContent("Held5,100 LOOP");
  });

  it("while an answer is being settled on chain: 'Being settled on chain…' and no buttons, for either side", async () => {
    const settling = walletOffer({ settling: "accept" });
    const { user } = renderPage(SELLER, { received: [settling], sent: [] });
    await user.click(screen.getByRole("tab", { name: "Received Offers" }));
    const card = await item("Deep Night");
    expect(within(card).getByTestId("negotiation-settling")).toHaveTextContent("Being settled on chain…");
    expect(within(card).queryAllByRole("button")).toHaveLength(0);
  });

  it("the buyer's settling offer shows the same, without Withdraw", async () => {
    renderPage(BUYER, { sent: [walletOffer({ settling: "withdraw" })] });
    const card = await item("Deep Night");
    expect(card).toHaveTextContent("Being settled on chain…");
    expect(within(card).queryAllByRole("button")).toHaveLength(0);
  });

  it("the buyer accepts a counter from the wallet: approves the difference, changeOffer(offerId, counter wei), no API answer", async () => {
    const controls = wallet();
    const offer = walletOffer({ id: "n-w", status: "counter", counterOffer: "11.50", version: 3, expiresAt: "2099-01-01T00:00:00.000Z" });
    const { user, api, queryClient } = renderPage(BUYER, { sent: [offer] });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await user.click(within(await item("Deep Night")).getByRole("button", { name: "Accept offer on Deep Night" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept Counter Offer" });
    // $11.50 + 2% = $11.73 → 5,865 LOOP in escrow.
    expect(within(dialog).getByTestId("respond-held")).toHaveTextContent("escrowed from your wallet: 5,865 LOOP");
    expect(within(dialog).queryByLabelText("Message (optional)")).not.toBeInTheDocument();
    const before = BigInt(Math.floor(Date.now() / 1000));
    await user.click(within(dialog).getByRole("button", { name: "Accept from Wallet" }));

    expect(await screen.findByText("Counter Accepted")).toBeInTheDocument();
    // The escrow holds $10.00 + 2% = 5,100 LOOP; it must hold 5,865: 765 LOOP more are approved.
    expect(writtenFunctions(controls)).toEqual(["token.approve", "marketplace.changeOffer"]);
    expect(controls.writeContract).toHaveBeenNthCalledWith(1, { name: "token", chainId: 31337, address: TOKEN }, "approve", [
      MARKETPLACE,
      765n * LOOP,
    ]);
    const [contract, , args] = vi.mocked(controls.writeContract).mock.calls[1]!;
    expect(contract).toEqual({ name: "marketplace", chainId: 31337, address: MARKETPLACE });
    const [offerId, amount, expiresAt] = args as readonly [bigint, bigint, bigint];
    expect([offerId, amount]).toEqual([42n, 5_750n * LOOP]);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7n * 24n * 3600n);
    expect(controls.waitForTransaction).toHaveBeenCalledWith({ chainId: 31337, hash: CHANGE_TX });
    expect(puts(api)).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: NEGOTIATIONS_QUERY_KEY });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("the buyer's reject of a wallet offer's counter stays an API answer", async () => {
    const controls = wallet();
    const offer = walletOffer({ id: "n-r", status: "counter", counterOffer: "11.50", version: 2, expiresAt: "2099-01-01T00:00:00.000Z" });
    const { user, api } = renderPage(
      BUYER,
      { sent: [offer] },
      { "PUT /api/negotiations/n-r/respond": () => json({ ...offer, settling: "reject" }) },
    );
    await user.click(within(await item("Deep Night")).getByRole("button", { name: "Reject offer on Deep Night" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Reject Counter Offer" })).getByRole("button", { name: "Send Response" }),
    );
    expect(await screen.findByText("Response Sent")).toBeInTheDocument();
    expect(puts(api)).toHaveLength(1);
    expect(controls.writeContract).not.toHaveBeenCalled();
  });

  it("an expired wallet offer: the buyer reclaims the escrow with reclaimOffer(offerId)", async () => {
    const controls = wallet();
    const { user, api } = renderPage(BUYER, { sent: [walletOffer({ status: "expired" })] });
    const card = await item("Deep Night");
    expect(within(card).getAllByRole("button")).toHaveLength(1);
    await user.click(within(card).getByRole("button", { name: /Reclaim from escrow/ }));
    expect(await screen.findByText("Escrow Reclaimed")).toBeInTheDocument();
    expect(controls.writeContract).toHaveBeenCalledExactlyOnceWith(
      { name: "marketplace", chainId: 31337, address: MARKETPLACE },
      "reclaimOffer",
      [42n],
    );
    expect(controls.waitForTransaction).toHaveBeenCalledWith({ chainId: 31337, hash: RECLAIM_TX });
    expect(puts(api)).toEqual([]);
  });
});
