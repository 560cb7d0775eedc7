import { describe, expect, it } from "vitest";
import { CHARGEBACK_WINDOW_DAYS, saleHold } from "./chargebacks";

const DEFAULTS = { normal: 7, newSeller: 30, trustedSales: 3 };
const seller = (facts: Partial<Parameters<typeof saleHold>[1]> = {}) => ({ approved: false, custom: null, oldSales: 0, ...facts });

describe("a seller's sale hold", () => {
  it("a card payment can be taken back for 120 days", () => {
    expect(CHARGEBACK_WINDOW_DAYS).toBe(120);
  });

  it("a new seller's proceeds are held the new-seller hold until they have the history", () => {
    expect(saleHold(DEFAULTS, seller())).toEqual({ hold: 30, basis: "new_seller" });
    expect(saleHold(DEFAULTS, seller({ oldSales: 2 }))).toEqual({ hold: 30, basis: "new_seller" });
    expect(saleHold(DEFAULTS, seller({ oldSales: 3 }))).toEqual({ hold: 7, basis: "standard" });
  });

  it("an approved seller gets the normal hold; the admin's own figure wins over everything", () => {
    expect(saleHold(DEFAULTS, seller({ approved: true }))).toEqual({ hold: 7, basis: "approved" });
    expect(saleHold(DEFAULTS, seller({ approved: true, custom: 60 }))).toEqual({ hold: 60, basis: "custom" });
    expect(saleHold(DEFAULTS, seller({ oldSales: 10, custom: 0 }))).toEqual({ hold: 0, basis: "custom" });
  });

  it("never shorter than the normal hold by the rule: a new-seller hold below it, or no history required, is the normal hold", () => {
    expect(saleHold({ normal: 14, newSeller: 10, trustedSales: 3 }, seller())).toEqual({ hold: 14, basis: "standard" });
    expect(saleHold({ ...DEFAULTS, trustedSales: 0 }, seller())).toEqual({ hold: 7, basis: "standard" });
  });
});
