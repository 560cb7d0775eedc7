import { describe, expect, it } from "vitest";
import { feePercent, loopSufficiency, negotiationQuote, offerCents, offerQuote, purchaseQuote } from "./price-quote";

describe("purchaseQuote", () => {
  it("adds the format fee half-up to the cent and converts the total at 500 LOOP per USD", () => {
    expect(purchaseQuote("4.99", "mp3")).toEqual({
      format: "mp3",
      feeBps: 200n,
      priceCents: 499n,
      feeCents: 10n,
      totalCents: 509n,
      loopUnits: 254_500_000_000n,
    });
    expect(purchaseQuote("4.99", "wav")).toEqual({
      format: "wav",
      feeBps: 400n,
      priceCents: 499n,
      feeCents: 20n,
      totalCents: 519n,
      loopUnits: 259_500_000_000n,
    });
    // 0.25 × 2% = 0.5 cent → rounds up to 1 cent.
    expect(purchaseQuote("0.25", "mp3")?.feeCents).toBe(1n);
    expect(purchaseQuote("0.24", "mp3")?.feeCents).toBe(0n);
    expect(purchaseQuote("1250.00", "wav")).toMatchObject({ feeCents: 5000n, totalCents: 130000n, loopUnits: 65_000_000_000_000n });
  });

  it("prices with the fee of the platform settings when given", () => {
    // $4.99 at 7.5% = 37.425 cents → 37; at 0% nothing.
    expect(purchaseQuote("4.99", "mp3", 750n)).toEqual({
      format: "mp3",
      feeBps: 750n,
      priceCents: 499n,
      feeCents: 37n,
      totalCents: 536n,
      loopUnits: 268_000_000_000n,
    });
    expect(purchaseQuote("4.99", "wav", 0n)).toMatchObject({ feeCents: 0n, totalCents: 499n });
    // $10.00 at 50% (the most an admin may set).
    expect(purchaseQuote("10.00", "wav", 5000n)).toMatchObject({ feeCents: 500n, totalCents: 1500n });
  });

  it("refuses a price that is not a USD amount", () => {
    expect(purchaseQuote("4.999", "mp3")).toBeNull();
    expect(purchaseQuote("abc", "wav")).toBeNull();
  });

  it("labels the fee rates", () => {
    expect(feePercent("mp3")).toBe("2%");
    expect(feePercent("wav")).toBe("4%");
    expect(feePercent("mp3", 750n)).toBe("7.5%");
    expect(feePercent("wav", 225n)).toBe("2.25%");
    expect(feePercent("wav", 0n)).toBe("0%");
  });
});

describe("loopSufficiency", () => {
  it("compares ledger units exactly", () => {
    expect(loopSufficiency(254_500_000_000n, undefined)).toEqual({ state: "unknown" });
    expect(loopSufficiency(254_500_000_000n, "2545.00000000")).toEqual({ state: "enough" });
    expect(loopSufficiency(254_500_000_000n, "2544.99999999")).toEqual({ state: "short", shortUnits: 1n });
    expect(loopSufficiency(254_500_000_000n, "500.00000000")).toEqual({ state: "short", shortUnits: 204_500_000_000n });
  });
});

describe("offerQuote", () => {
  it("holds the amount plus the format fee at 500 LOOP per USD", () => {
    // $12.50 + 4% = $13.00 = 6,500 LOOP.
    expect(offerQuote("12.50", "wav")).toEqual({ amountCents: 1250n, feeCents: 50n, totalCents: 1300n, loopUnits: 650_000_000_000n });
    expect(offerQuote("0", "mp3")).toBeNull();
  });

  it("uses the fee of the platform settings when given", () => {
    // $12.50 + 10% = $13.75 = 6,875 LOOP.
    expect(offerQuote("12.50", "wav", 1000n)).toEqual({
      amountCents: 1250n,
      feeCents: 125n,
      totalCents: 1375n,
      loopUnits: 687_500_000_000n,
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
      loopUnits: 780_000_000_000n,
    });
    expect(negotiationQuote({ amount: "nope", fee: "0.60" })).toBeNull();
  });
});

describe("offerCents", () => {
  it("reads a positive USD amount with at most 2 decimals", () => {
    expect(offerCents(" 12.5 ")).toBe(1250n);
    expect(offerCents("0")).toBeNull();
    expect(offerCents("1.999")).toBeNull();
    expect(offerCents("abc")).toBeNull();
  });
});
