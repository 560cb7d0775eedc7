import { describe, expect, it } from "vitest";
import { formatLoop8, formatLoopUnits, formatUsdCents, loopToUsd } from "./loop-amounts";

describe("LOOP amounts", () => {
  it("shows LOOP with exactly 8 decimals and thousands separators", () => {
    expect(formatLoop8("1234.5")).toBe("1,234.50000000");
    expect(formatLoop8("1234.50000000")).toBe("1,234.50000000");
    expect(formatLoop8("0.00000001")).toBe("0.00000001");
    expect(formatLoop8("1000000")).toBe("1,000,000.00000000");
    expect(formatLoop8("not a number")).toBe("not a number");
    expect(formatLoopUnits(254_500_000_000n)).toBe("2,545.00000000");
    expect(formatLoopUnits(1n)).toBe("0.00000001");
    expect(formatLoopUnits(-150_000_000n)).toBe("-1.50000000");
  });

  it("converts LOOP to USD at 500 per dollar, half-up to the cent", () => {
    expect(loopToUsd("1234.50000000")).toBe("$2.47");
    expect(loopToUsd("500.00000000")).toBe("$1.00");
    expect(loopToUsd("2.50000000")).toBe("$0.01"); // exactly half a cent rounds up
    expect(loopToUsd("2.49999999")).toBe("$0.00");
    expect(loopToUsd("7.50000000")).toBe("$0.02");
    expect(loopToUsd("1000000000.00000000")).toBe("$2,000,000.00");
    expect(formatUsdCents(123456n)).toBe("$1,234.56");
  });
});
