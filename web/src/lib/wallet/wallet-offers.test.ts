import { describe, expect, it } from "vitest";
import { offerEscrowWei, offerExpiresAt, offerFeeWei, usdToOfferWei } from "./wallet-offers";

const LOOP = 10n ** 18n;

describe("wallet offer amounts", () => {
  it("converts USD at 500 LOOP per USD, in wei", () => {
    expect(usdToOfferWei("12.50")).toBe(6_250n * LOOP);
    expect(usdToOfferWei("0.01")).toBe(5n * LOOP);
    expect(usdToOfferWei("abc")).toBeNull();
  });

  it("computes LoopMarketplace.offerFee: 2% MP3, 4% WAV, half up to the wei", () => {
    expect(offerFeeWei(5_000n * LOOP, "mp3")).toBe(100n * LOOP);
    expect(offerFeeWei(5_000n * LOOP, "wav")).toBe(200n * LOOP);
    expect(offerFeeWei(25n, "mp3")).toBe(1n); // 0.5 wei rounds up
    expect(offerFeeWei(24n, "mp3")).toBe(0n);
    expect(offerEscrowWei(5_000n * LOOP, "mp3")).toBe(5_100n * LOOP);
  });

  it("expires 7 days from now, in seconds", () => {
    expect(offerExpiresAt(1_000_000_000_000)).toBe(1_000_000_000n + 604_800n);
  });

  it("expires after the offer expiry of the platform settings when given", () => {
    expect(offerExpiresAt(1_000_000_000_000, 2)).toBe(1_000_000_000n + 7_200n);
    expect(offerExpiresAt(1_000_000_000_000, 720)).toBe(1_000_000_000n + 2_592_000n);
  });
});
