import { describe, expect, it } from "vitest";
import { negotiationQuote, offerQuote } from "./offer-quote";

describe("offerQuote", () => {
  it("holds the amount plus the format fee at 500 LOOP per USD", () => {
    // $12.50 + 4% = $13.00 = 6,500 LOOP.
    expect(offerQuote("12.50", "wav")).toEqual({ amountCents: 1250n, feeCents: 50n, totalCents: 1300n, heldUnits: 650_000_000_000n });
    expect(offerQuote("0", "mp3")).toBeNull();
  });

  it("uses the fee of the platform settings when given", () => {
    // $12.50 + 10% = $13.75 = 6,875 LOOP.
    expect(offerQuote("12.50", "wav", 1000n)).toEqual({
      amountCents: 1250n,
      feeCents: 125n,
      totalCents: 1375n,
      heldUnits: 687_500_000_000n,
    });
  });
});

describe("negotiationQuote", () => {
  it("takes the server's amount and fee: an open offer keeps the fee it was opened with", () => {
    // A counter of $15.00 on an offer opened at 4% (the settings may say otherwise now).
    expect(negotiationQuote({ amount: "15.00", fee: "0.60" })).toEqual({
      amountCents: 1500n,
      feeCents: 60n,
      totalCents: 1560n,
      heldUnits: 780_000_000_000n,
    });
    expect(negotiationQuote({ amount: "nope", fee: "0.60" })).toBeNull();
  });
});
