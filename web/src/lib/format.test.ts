import { describe, expect, it } from "vitest";
import { formatLoop, formatWalletLoop, loopText, shortAddress } from "./format";

describe("shortAddress", () => {
  it("keeps the first 6 and last 4 characters", () => {
    expect(shortAddress("0x1234567890abcdef1234567890abcdef12345678")).toBe("0x1234...5678");
  });

  it("leaves short strings alone", () => {
    expect(shortAddress("0x1234")).toBe("0x1234");
  });
});

describe("formatLoop", () => {
  it("groups thousands and keeps the decimals that matter, exactly", () => {
    expect(formatLoop("367720.00000000")).toBe("367,720");
    expect(formatLoop("0.25000000")).toBe("0.25");
    expect(formatLoop("1474.50000000")).toBe("1,474.5");
    expect(formatLoop("0.00000001")).toBe("0.00000001");
    expect(formatLoop("12.34999999")).toBe("12.34999999");
    expect(formatLoop("0.00000000")).toBe("0");
    expect(formatLoop("1234.5")).toBe("1,234.5");
    expect(formatLoop("99999999999999.99999999")).toBe("99,999,999,999,999.99999999");
  });

  it("takes ledger units too", () => {
    expect(formatLoop(254_500_000_000n)).toBe("2,545");
    expect(formatLoop(1n)).toBe("0.00000001");
    expect(formatLoop(0n)).toBe("0");
  });

  it("keeps the sign of negatives, and a + for credits when asked; zero has none", () => {
    expect(formatLoop("-260.00000000")).toBe("-260");
    expect(formatLoop(-150_000_000n)).toBe("-1.5");
    expect(formatLoop("500.00000000", { plus: true })).toBe("+500");
    expect(formatLoop("-25.50000000", { plus: true })).toBe("-25.5");
    expect(formatLoop("0.00000000", { plus: true })).toBe("0");
    expect(formatLoop("-0.00000000")).toBe("0");
  });

  it("keeps all 8 decimals for the full value", () => {
    expect(formatLoop("367720", { allDecimals: true })).toBe("367,720.00000000");
    expect(formatLoop(-1n, { allDecimals: true, plus: true })).toBe("-0.00000001");
    expect(formatLoop("1.5", { allDecimals: true, plus: true })).toBe("+1.50000000");
  });

  it("shows a value that is not a LOOP amount as given", () => {
    expect(formatLoop("not a number")).toBe("not a number");
    expect(formatLoop("1.123456789")).toBe("1.123456789");
    expect(formatLoop("")).toBe("");
  });
});

describe("loopText", () => {
  it("is formatLoop with the unit", () => {
    expect(loopText("1474.50000000")).toBe("1,474.5 LOOP");
    expect(loopText(50_000_000_000n, { plus: true })).toBe("+500 LOOP");
  });
});

describe("formatWalletLoop (on-chain amounts, 18 decimals)", () => {
  const LOOP = 10n ** 18n;

  it("groups thousands and drops trailing zeros, like formatLoop", () => {
    expect(formatWalletLoop(1_000_000n * LOOP)).toBe("1,000,000");
    expect(formatWalletLoop(0n)).toBe("0");
    expect(formatWalletLoop(1_234_567n * LOOP + LOOP / 2n)).toBe("1,234,567.5");
    expect(formatWalletLoop(1_000_000_000n * LOOP)).toBe("1,000,000,000");
  });

  it("keeps every significant digit up to 18 decimals (no rounding, no floats)", () => {
    expect(formatWalletLoop(1n)).toBe("0.000000000000000001");
    expect(formatWalletLoop(LOOP - 1n)).toBe("0.999999999999999999");
    expect(formatWalletLoop(LOOP + 123_456_789n * 10n ** 9n)).toBe("1.123456789");
    expect(formatWalletLoop(2n ** 200n)).toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
  });

  it("signs", () => {
    expect(formatWalletLoop(-15n * 10n ** 17n)).toBe("-1.5");
    expect(formatWalletLoop(10n * LOOP, { plus: true })).toBe("+10");
    expect(formatWalletLoop(0n, { plus: true })).toBe("0");
  });
});
