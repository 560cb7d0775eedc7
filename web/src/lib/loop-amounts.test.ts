import { describe, expect, it } from "vitest";
import { formatUsdCents, loopToUsd } from "./loop-amounts";

describe("USD values of LOOP amounts", () => {
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
