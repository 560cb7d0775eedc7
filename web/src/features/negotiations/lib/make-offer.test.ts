import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { WALLET_OFFER_FAILED_FALLBACK } from "@/lib/wallet/wallet-offers";
import { OFFER_FAILED_FALLBACK, offerFailureText } from "./make-offer";
import { checkOfferAmount, offerFigures } from "./offer-amount";

describe("offerFailureText", () => {
  it("keeps the server's message for an API refusal, and names a wallet failure", () => {
    const refused = new ApiError(
      409,
      JSON.stringify({ message: "Offer Exists: You already have an open offer on this loop." }),
      "Conflict",
    );
    expect(offerFailureText(refused)).toBe("Offer Exists: You already have an open offer on this loop.");
    expect(offerFailureText(new ApiError(500, "", "Internal Server Error"))).toBe(OFFER_FAILED_FALLBACK);
    const revert = {
      name: "ContractFunctionExecutionError",
      cause: { name: "ContractFunctionRevertedError", data: { errorName: "SellerIsBuyer" } },
    };
    expect(offerFailureText(revert)).toBe("You cannot make an offer on your own loop.");
    expect(offerFailureText(new Error("boom"))).toBe(WALLET_OFFER_FAILED_FALLBACK);
  });
});

describe("the amount offered", () => {
  it("is a USD amount from the platform's minimum to below the price", () => {
    expect(checkOfferAmount(" ", 1250n, 100)).toEqual({ state: "empty" });
    expect(checkOfferAmount("9.999", 1250n, 100)).toMatchObject({ state: "invalid" });
    expect(checkOfferAmount("12.50", 1250n, 100)).toMatchObject({ state: "invalid" });
    expect(checkOfferAmount("0.50", 1250n, 100)).toMatchObject({ state: "invalid" });
    expect(checkOfferAmount("10", 1250n, 100)).toEqual({ state: "valid", cents: 1000n });
  });

  it("shows the fee, the total held in app, and from a wallet the escrow at the contract's fee", () => {
    const terms = { priceCents: 1250n, minOfferCents: 100, format: "wav" as const, feeBps: 400n, byWallet: false };
    expect(offerFigures("10", terms)).toMatchObject({ quote: { amountCents: 1000n, feeCents: 40n, totalCents: 1040n }, escrowWei: null });
    // $10 = 5,000 LOOP, + 4% = 5,200 LOOP.
    expect(offerFigures("10", { ...terms, byWallet: true }).escrowWei).toBe(5_200n * 10n ** 18n);
    expect(offerFigures("abc", terms)).toMatchObject({ quote: null, escrowWei: null });
  });
});
