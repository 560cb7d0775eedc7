import { uuidToBytes32 } from "@loop/rules/deposit-ref";
import type { Negotiation } from "@loop/rules/schemas/negotiations";
import { describe, expect, it, vi } from "vitest";
import { fakeReceipts, fakeTransactionWallet, writtenFunctions } from "@/lib/wallet/fake-wallet-controls";
import type { MarketplaceChain } from "@/lib/wallet/marketplace-chain";
import type { WalletEvent } from "@/lib/wallet/types";
import { type OfferWallet, WalletOfferRefusedError } from "@/lib/wallet/wallet-offers";
import { TEST_CONTRACTS } from "@/testing/make-client-config";
import { makeNegotiation } from "@/testing/make-negotiation";
import { runWalletOffer, type WalletOfferApi, type WalletOfferStep } from "./wallet-offer";

const LOOP = 10n ** 18n;
const BUYER = `0x${"d4".repeat(20)}` as const;
const SELLER = `0x${"b2".repeat(20)}` as const;
const APPROVE_TX = `0x${"11".repeat(32)}` as const;
const OFFER_TX = `0x${"44".repeat(32)}` as const;
const LOOP_ID = "10000000-0000-4000-8000-000000000001";
const CHAIN: MarketplaceChain = { id: 31337, name: "Hardhat", ...TEST_CONTRACTS };

function fakeWallet(overrides: Partial<OfferWallet> = {}): OfferWallet {
  return {
    ...fakeTransactionWallet({ address: BUYER, writes: { "token.approve": APPROVE_TX, "marketplace.openOffer": OFFER_TX } }),
    // The offer's receipt names the new offer (its OfferOpened event).
    waitForTransaction: fakeReceipts({ [OFFER_TX]: [{ eventName: "OfferOpened", args: { offerId: 7n } } as WalletEvent<"marketplace">] }),
    ...overrides,
  };
}

function fakeApi(sent: Negotiation[][] = [[makeNegotiation({ chainOfferId: "7" })]]) {
  let call = 0;
  return {
    terms: vi.fn<WalletOfferApi["terms"]>(async () => ({
      chainId: CHAIN.id,
      marketplace: CHAIN.marketplace,
      token: CHAIN.token,
      loopId: uuidToBytes32(LOOP_ID),
      format: 1,
      payee: SELLER,
      amountWei: "0",
      feeWei: "0",
      totalWei: "0",
      expiresAt: "0",
    })),
    sentOffers: vi.fn<WalletOfferApi["sentOffers"]>(async () => sent[Math.min(call++, sent.length - 1)]!),
  };
}

const run = (
  wallet: OfferWallet,
  api: WalletOfferApi,
  steps: WalletOfferStep[] = [],
  extra: { linked?: string | null; timeoutMs?: number; now?: () => number } = {},
) =>
  runWalletOffer(wallet, api, {
    loopId: LOOP_ID,
    format: "wav",
    offerAmount: "12.50",
    linked: BUYER,
    chain: CHAIN,
    onStep: (step) => steps.push(step),
    offerExpiryHours: 2,
    sleep: async () => undefined,
    ...extra,
  });

describe("runWalletOffer", () => {
  it("checks the terms, approves amount + fee when the allowance is short, opens the offer to the payee and waits until it is recorded", async () => {
    const wallet = fakeWallet();
    const api = fakeApi([[], [makeNegotiation({ chainOfferId: "7" })]]);
    const steps: WalletOfferStep[] = [];
    const outcome = await run(wallet, api, steps, { now: () => 1_000_000_000_000 });

    expect(outcome).toMatchObject({ status: "recorded", offerId: 7n, negotiation: { chainOfferId: "7" } });
    expect(api.terms).toHaveBeenCalledWith({ loopId: LOOP_ID, format: "wav", offerAmount: "12.50" });
    expect(writtenFunctions(wallet)).toEqual(["token.approve", "marketplace.openOffer"]);
    // $12.50 = 6,250 LOOP, + 4% (WAV) = 6,500 LOOP escrowed.
    expect(vi.mocked(wallet.writeContract).mock.calls[0]![2]).toEqual([CHAIN.marketplace, 6_500n * LOOP]);
    expect(vi.mocked(wallet.writeContract).mock.calls[1]![2]).toEqual([
      uuidToBytes32(LOOP_ID),
      1,
      SELLER,
      6_250n * LOOP,
      1_000_000_000n + 7_200n,
    ]);
    expect(api.sentOffers).toHaveBeenCalledTimes(2);
    expect(steps).toEqual(["connecting", "checking", "approving", "offering", "confirming", "recording"]);
  });

  it("skips the approval when the allowance covers the escrow", async () => {
    const wallet = fakeWallet({ readTokenAllowance: vi.fn(async () => 10n ** 30n) });
    await run(wallet, fakeApi());
    expect(writtenFunctions(wallet)).toEqual(["marketplace.openOffer"]);
  });

  it("refuses without a linked wallet, or from another wallet, before anything is sent", async () => {
    const wallet = fakeWallet();
    await expect(run(wallet, fakeApi(), [], { linked: null })).rejects.toThrow(WalletOfferRefusedError);
    await expect(run(wallet, fakeApi(), [], { linked: SELLER })).rejects.toThrow(/Use the wallet linked to your account/);
    expect(wallet.writeContract).not.toHaveBeenCalled();
  });

  it("answers pending when the offer is not recorded within the timeout", async () => {
    let clock = 0;
    const api = fakeApi([[]]);
    const outcome = await run(fakeWallet(), api, [], { timeoutMs: 2000, now: () => (clock += 500) });
    expect(outcome).toEqual({ status: "pending", offerId: 7n });
    expect(api.sentOffers.mock.calls.length).toBeGreaterThan(1);
  });

  it("an offer transaction that opened no offer is refused", async () => {
    const wallet = fakeWallet({ waitForTransaction: fakeReceipts() });
    await expect(run(wallet, fakeApi())).rejects.toThrow("The offer transaction opened no offer on chain.");
  });
});
