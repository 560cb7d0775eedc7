import { describe, expect, it } from "vitest";
import { formatLoopTotal } from "./format-totals";

describe("formatLoopTotal", () => {
  it("shows 8 decimals with thousands separators and the USD value at 500 LOOP per USD", () => {
    expect(formatLoopTotal("0.00000000")).toEqual({ loop: "0.00000000", usd: "$0.00" });
    expect(formatLoopTotal("1234567.12345678")).toEqual({ loop: "1,234,567.12345678", usd: "$2,469.13" });
    expect(formatLoopTotal("2.5")).toEqual({ loop: "2.50000000", usd: "$0.00" });
    expect(formatLoopTotal("500.00000000")).toEqual({ loop: "500.00000000", usd: "$1.00" });
  });

  it("refuses malformed amounts", () => {
    expect(formatLoopTotal("abc")).toBeNull();
  });
});
