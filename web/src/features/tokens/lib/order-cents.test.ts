import { describe, expect, it } from "vitest";
import { orderCents } from "../components/contact-admin-dialog";

describe("token order amounts", () => {
  it("computes the order form's USD only for amounts matching the server's pattern", () => {
    expect(orderCents("5000")).toBe(1000n);
    expect(orderCents("2.5")).toBe(1n);
    expect(orderCents("0.5")).toBe(0n);
    expect(orderCents("1.123456789")).toBeNull();
    expect(orderCents("1e3")).toBeNull();
    expect(orderCents("-5")).toBeNull();
    expect(orderCents(".5")).toBeNull();
  });
});
