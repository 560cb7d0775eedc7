import { describe, expect, it } from "vitest";
import { paymentText, sellerName } from "./library-entry-text";

describe("library entry texts", () => {
  it("how it was paid, and the seller", () => {
    expect(paymentText({ method: "free" })).toBe("Free download");
    expect(paymentText({ method: "wallet" })).toBe("LOOP from a wallet (on chain)");
    expect(sellerName({ id: "s", username: "beatsmith", name: null })).toBe("@beatsmith");
    expect(sellerName({ id: "s", username: "beatsmith", name: "Mia Park" })).toBe("Mia Park");
  });
});
