import { describe, expect, it } from "vitest";
import { formatLoopAmount, shortAddress } from "./format";

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
