import { describe, expect, it } from "vitest";
import { licenceDateLabel } from "./licences";

describe("licenceDateLabel", () => {
  it("names a download's, a purchase's and a free loop's taken licence's date", () => {
    expect(licenceDateLabel({ purchaseId: null, method: "free" })).toBe("Date of download");
    for (const method of ["loop", "wallet", "paypal", "card"] as const)
      expect(licenceDateLabel({ purchaseId: "p", method })).toBe("Date of purchase");
    expect(licenceDateLabel({ purchaseId: "p", method: "free" })).toBe("Date issued");
  });
});
