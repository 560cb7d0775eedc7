import { uuidToBytes32 } from "@loop/rules/deposit-ref";
import type { ClientConfig } from "@loop/rules/chains";
import type { WalletOfferTerms } from "@loop/rules/schemas/negotiations";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeReceipts, publishConnectedWallet, writtenFunctions } from "@/lib/wallet/fake-wallet-controls";
import type { WalletControls, WalletEvent } from "@/lib/wallet/types";
import { makeWalletClientConfig, TEST_CONTRACTS } from "@/testing/make-client-config";
import { makeLoop } from "@/testing/make-loop";
import { makeNegotiation } from "@/testing/make-negotiation";
import { type ApiHandler, type ApiRoutes, json } from "@/testing/stub-api";
import { makeUser, type renderWithProviders } from "@/testing/test-utils";
import { renderMakeOffer } from "../testing/render-make-offer";

const LOOP = 10n ** 18n;
/** The viewer's linked wallet, connected. */
const QUOTE_BUYER = `0x${"d4".repeat(20)}` as const;
const { token: TOKEN, marketplace: MARKETPLACE, vault: VAULT } = TEST_CONTRACTS;
const SELLER_WALLET = `0x${"b2".repeat(20)}` as const;
const APPROVE_TX = `0x${"11".repeat(32)}` as const;
const OFFER_TX = `0x${"44".repeat(32)}` as const;

const config: ClientConfig = makeWalletClientConfig();

function connectedWallet(overrides: Partial<WalletControls> = {}): WalletControls {
  return publishConnectedWallet(
    { address: QUOTE_BUYER, writes: { "token.approve": APPROVE_TX, "marketplace.openOffer": OFFER_TX } },
    {
      // The offer's receipt names the new offer (its OfferOpened event).
      waitForTransaction: fakeReceipts({ [OFFER_TX]: [{ eventName: "OfferOpened", args: { offerId: 7n } } as WalletEvent<"marketplace">] }),
      ...overrides,
    },
  );
}

/** POST /api/negotiations/wallet-terms: only the payee matters to the page (it computes the rest the same way). */
function termsAnswer(payee: string): WalletOfferTerms {
  return {
    chainId: 31337,
    marketplace: MARKETPLACE,
    token: TOKEN,
    loopId: `0x${"0".repeat(64)}`,
    format: 0,
    payee,
    amountWei: "0",
    feeWei: "0",
    totalWei: "0",
    expiresAt: "0",
  };
}

function routes(extra: ApiRoutes = {}): ApiRoutes {
  return {
    "GET /api/auth/user": () => json(makeUser({ id: "viewer-1", walletAddress: QUOTE_BUYER })),
    "GET /api/config": () => json(config),
    "GET /api/tokens/balance": () => json({ balance: "0.00000000", available: "0.00000000", held: "0.00000000" }),
    "POST /api/negotiations/wallet-terms": () => json(termsAnswer(SELLER_WALLET)),
    ...extra,
  };
}

async function openWalletOffer(user: ReturnType<typeof renderWithProviders>["user"], title: string) {
  const button = await screen.findByRole("button", { name: `Make Offer on ${title}` });
  await user.click(button);
  const dialog = await screen.findByRole("dialog", { name: `Make an Offer on ${title}` });
  await user.click(within(dialog).getByRole("radio", { name: "Wallet (escrow on chain)" }));
  return dialog;
}

describe("Make Offer from the wallet", () => {
  it("approves amount + fee, opens the offer on chain to the seller's wallet, waits for it to be recorded and says 'Offer Sent'", async () => {
    const wallet = connectedWallet();
    const loop = makeLoop({ title: "Deep Night", price: "12.50" });
    let polls = 0;
    const sent = vi.fn<ApiHandler>(({ url }) => {
      expect(url.search).toBe("?scope=sent");
      polls += 1;
      return json(polls === 1 ? [] : [makeNegotiation({ funding: "wallet", heldLoop: null, chainOfferId: "7" })]);
    });
    const { user, api } = renderMakeOffer(loop, routes({ "GET /api/negotiations": sent }));
    const dialog = await openWalletOffer(user, "Deep Night");
    // A wallet offer carries no message; the escrow is the offer plus its fee.
    expect(within(dialog).queryByLabelText("Message (optional)")).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Your offer (USD)"), "10");
    expect(within(dialog).getByTestId("offer-held")).toHaveTextContent("Escrowed on chain from your wallet: 5,100 LOOP");

    const before = Math.floor(Date.now() / 1000);
    await user.click(within(dialog).getByRole("button", { name: "Send Offer" }));
    expect(await screen.findByText("Offer Sent")).toBeInTheDocument();
    expect(screen.getByText("Your offer of $10.00 for Deep Night was sent to the creator.")).toBeInTheDocument();

    // $10.00 = 5,000 LOOP; MP3 fee 2% = 100 LOOP: the allowance (0) is short, so exactly 5,100 LOOP is approved.
    expect(writtenFunctions(wallet)).toEqual(["token.approve", "marketplace.openOffer"]);
    expect(wallet.writeContract).toHaveBeenNthCalledWith(1, { name: "token", chainId: 31337, address: TOKEN }, "approve", [
      MARKETPLACE,
      5_100n * LOOP,
    ]);
    expect(wallet.waitForTransaction).toHaveBeenCalledWith({ chainId: 31337, hash: APPROVE_TX });
    const [contract, , args] = vi.mocked(wallet.writeContract).mock.calls[1]!;
    expect(contract).toEqual({ name: "marketplace", chainId: 31337, address: MARKETPLACE });
    const [loopId, format, seller, amount, expiresAt] = args as readonly [string, number, string, bigint, bigint];
    expect([loopId, format, seller, amount]).toEqual([uuidToBytes32(loop.id), 0, SELLER_WALLET, 5_000n * LOOP]);
    const week = 7n * 24n * 3600n;
    expect(expiresAt).toBeGreaterThanOrEqual(BigInt(before) + week);
    expect(expiresAt).toBeLessThanOrEqual(BigInt(Math.floor(Date.now() / 1000)) + week);
    expect(wallet.waitForTransaction).toHaveBeenCalledWith({
      chainId: 31337,
      hash: OFFER_TX,
      events: { name: "marketplace", chainId: 31337, address: MARKETPLACE },
    });
    expect(polls).toBe(2);
    // The offer was checked by the API first, which named the payee.
    expect(api.bodies("POST /api/negotiations/wallet-terms")).toEqual([{ loopId: loop.id, format: "mp3", offerAmount: "10.00" }]);
    // Nothing is held in app: no POST /api/negotiations.
    expect(api.bodies("POST /api/negotiations")).toEqual([]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("WAV to a seller without a wallet: pays LoopVault, and skips the approval when the allowance covers amount + fee", async () => {
    const wallet = connectedWallet({ readTokenAllowance: vi.fn(async () => 10_000n * LOOP) });
    const loop = makeLoop({ title: "Deep Night", price: "12.50" });
    const { user } = renderMakeOffer(
      loop,
      routes({
        "POST /api/negotiations/wallet-terms": () => json(termsAnswer(VAULT)),
        "GET /api/negotiations": () => json([makeNegotiation({ funding: "wallet", heldLoop: null, chainOfferId: "7" })]),
      }),
    );
    const dialog = await openWalletOffer(user, "Deep Night");
    await user.click(within(dialog).getByRole("radio", { name: /WAV/ }));
    await user.type(within(dialog).getByLabelText("Your offer (USD)"), "9.99");
    await user.click(within(dialog).getByRole("button", { name: "Send Offer" }));
    expect(await screen.findByText("Offer Sent")).toBeInTheDocument();
    expect(writtenFunctions(wallet)).toEqual(["marketplace.openOffer"]);
    const [, format, seller, amount] = vi.mocked(wallet.writeContract).mock.calls[0]![2] as readonly [
      string,
      number,
      string,
      bigint,
      bigint,
    ];
    expect([format, seller, amount]).toEqual([1, VAULT, 4_995n * LOOP]);
  });

  it("a wallet that is not the linked one is refused before anything is sent", async () => {
    const wallet = connectedWallet({ connect: vi.fn(async () => ({ address: `0x${"99".repeat(20)}` as const, chainId: 31337 })) });
    const { user } = renderMakeOffer(makeLoop({ title: "Deep Night", price: "12.50" }), routes());
    const dialog = await openWalletOffer(user, "Deep Night");
    await user.type(within(dialog).getByLabelText("Your offer (USD)"), "10");
    await user.click(within(dialog).getByRole("button", { name: "Send Offer" }));
    expect(await screen.findByText("Offer Failed")).toBeInTheDocument();
    expect(screen.getByText(/Use the wallet linked to your account/)).toBeInTheDocument();
    expect(wallet.writeContract).not.toHaveBeenCalled();
  });

  it("without a linked wallet: points to Settings and Send Offer stays disabled", async () => {
    connectedWallet();
    const { user } = renderMakeOffer(
      makeLoop({ title: "Deep Night", price: "12.50" }),
      routes({ "GET /api/auth/user": () => json(makeUser({ id: "viewer-1", walletAddress: null })) }),
    );
    const dialog = await openWalletOffer(user, "Deep Night");
    await user.type(within(dialog).getByLabelText("Your offer (USD)"), "10");
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Link a wallet in Settings to make offers from it.");
    expect(within(dialog).getByRole("button", { name: "Send Offer" })).toBeDisabled();
  });
});
