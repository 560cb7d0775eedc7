import { describe, expect, it } from "vitest";
import { formatLoopPaid, paymentText, sellerName, totalText } from "./library-entry-text";

describe("library entry texts", () => {
  it("LOOP amounts grouped, without trailing zeros", () => {
    expect(formatLoopPaid("5100.00000000")).toBe("5,100");
    expect(formatLoopPaid("1234.50000000")).toBe("1,234.5");
    expect(formatLoopPaid("0.12345678")).toBe("0.12345678");
    expect(formatLoopPaid("n/a")).toBe("n/a");
  });

  it("the total, with the LOOP paid when paid in LOOP", () => {
    expect(totalText({ total: "10.20", loopAmount: null })).toBe("$10.20");
    expect(totalText({ total: "10.20", loopAmount: "5100.00000000" })).toBe("$10.20 (5,100 LOOP)");
  });

  it("how it was paid, and the seller", () => {
    expect(paymentText({ method: "free" })).toBe("Free download");
    expect(paymentText({ method: "wallet" })).toBe("LOOP from a wallet (on chain)");
    expect(sellerName({ id: "s", username: "beatsmith", name: null })).toBe("@beatsmith");
    expect(sellerName({ id: "s", username: "beatsmith", name: "Mia Park" })).toBe("Mia Park");
  });
});
