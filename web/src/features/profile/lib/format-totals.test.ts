import { describe, expect, it } from "vitest";
import { loopTotalUsd } from "./format-totals";

describe("loopTotalUsd", () => {
  it("gives the USD value at 500 LOOP per USD, rounded down to the cent", () => {
    expect(loopTotalUsd("0.00000000")).toBe("$0.00");
    expect(loopTotalUsd("1234567.12345678")).toBe("$2,469.13");
    expect(loopTotalUsd("2.5")).toBe("$0.00");
    expect(loopTotalUsd("500.00000000")).toBe("$1.00");
  });

  it("refuses malformed amounts", () => {
    expect(loopTotalUsd("abc")).toBeNull();
  });
});
