import { describe, expect, it } from "vitest";
import { formatLoopAmount, formatTokenAmount, shortAddress } from "./format";

describe("shortAddress", () => {
  it("keeps the first 6 and last 4 characters", () => {
    expect(shortAddress("0x1234567890abcdef1234567890abcdef12345678")).toBe("0x1234...5678");
  });

  it("leaves short strings alone", () => {
    expect(shortAddress("0x1234")).toBe("0x1234");
  });
});

describe("formatLoopAmount", () => {
  it("groups thousands and trims decimals exactly", () => {
    expect(formatLoopAmount("1234567.50000000")).toBe("1,234,567.5");
    expect(formatLoopAmount("500.00000000")).toBe("500");
    expect(formatLoopAmount("0.00000000")).toBe("0");
    expect(formatLoopAmount("12.34999999")).toBe("12.34");
  });
});

describe("formatTokenAmount (on-chain balances, 18 decimals)", () => {
  const LOOP = 10n ** 18n;

  it("shows LOOP with thousands separators and exactly 2 decimals", () => {
    expect(formatTokenAmount(1_000_000n * LOOP)).toBe("1,000,000.00 LOOP");
    expect(formatTokenAmount(0n)).toBe("0.00 LOOP");
    expect(formatTokenAmount(1234n * LOOP + LOOP / 2n)).toBe("1,234.50 LOOP");
    expect(formatTokenAmount(1_000_000_000n * LOOP)).toBe("1,000,000,000.00 LOOP");
  });

  it("rounds down exactly, never showing more than the balance (no floats)", () => {
    expect(formatTokenAmount(LOOP - 1n)).toBe("0.99 LOOP");
    expect(formatTokenAmount(1n)).toBe("0.00 LOOP");
    expect(formatTokenAmount(12_349_999_999_999_999_999n)).toBe("12.34 LOOP");
    expect(formatTokenAmount(2n ** 200n)).toMatch(/^[\d,]+\.\d{2} LOOP$/);
  });

  it("other decimals and symbols", () => {
    expect(formatTokenAmount(123_456n, 2, "X")).toBe("1,234.56 X");
    expect(formatTokenAmount(5n * 10n ** 6n, 6, "")).toBe("5.00");
    expect(formatTokenAmount(-15n * 10n ** 17n)).toBe("-1.50 LOOP");
  });
});
