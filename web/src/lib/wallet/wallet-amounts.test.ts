import { describe, expect, it } from "vitest";
import { formatWalletLoop } from "./wallet-amounts";

const LOOP = 10n ** 18n;

describe("formatWalletLoop", () => {
  it("shows 8 decimals with grouping, more only for finer amounts", () => {
    expect(formatWalletLoop(1_234_567n * LOOP + LOOP / 2n)).toBe("1,234,567.50000000");
    expect(formatWalletLoop(0n)).toBe("0.00000000");
    expect(formatWalletLoop(1n)).toBe("0.000000000000000001");
    expect(formatWalletLoop(LOOP + 123_456_789n * 10n ** 9n)).toBe("1.123456789");
  });
});
