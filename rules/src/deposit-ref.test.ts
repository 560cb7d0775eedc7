import { describe, expect, it } from "vitest";
import { depositRefOf, userIdOfDepositRef } from "./deposit-ref";

describe("deposit references", () => {
  it("round-trips a user id through bytes32", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const ref = depositRefOf(id);
    expect(ref).toBe("0x000000000000000000000000000000000f8fad5bd9cb469fa16570867728950e");
    expect(userIdOfDepositRef(ref)).toBe(id);
    expect(userIdOfDepositRef(ref.toUpperCase().replace("0X", "0x"))).toBe(id);
  });

  it("reads no user from a reference that is not one of ours", () => {
    expect(userIdOfDepositRef(`0x${"0".repeat(64)}`)).toBeNull();
    expect(userIdOfDepositRef(`0x${"1".repeat(64)}`)).toBeNull();
    expect(userIdOfDepositRef("0x1234")).toBeNull();
  });

  it("refuses to build a reference from something that is not a user id", () => {
    expect(() => depositRefOf("admin")).toThrow();
  });
});
