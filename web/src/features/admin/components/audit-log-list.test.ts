import { describe, expect, it } from "vitest";
import { changedKeys, stateText } from "./audit-log-list";

describe("audit log states", () => {
  it("shows only the fields an action changed", () => {
    const before = { formatFeeBps: { mp3: 200, wav: 400 }, minWithdrawal: "10.00000000", offerExpiryHours: 168 };
    const after = { formatFeeBps: { mp3: 300, wav: 400 }, minWithdrawal: "10.00000000", offerExpiryHours: 168 };
    const keys = changedKeys(before, after);
    expect(stateText(before, keys)).toBe('formatFeeBps: {"mp3":200,"wav":400}');
    expect(stateText(after, keys)).toBe('formatFeeBps: {"mp3":300,"wav":400}');
  });

  it("shows every field when there is no state on one side, and a dash for none", () => {
    expect(changedKeys(null, { isBanned: true })).toBeUndefined();
    expect(stateText(null)).toBe("—");
    expect(stateText({ isBanned: true, banReason: "spam" })).toBe("isBanned: true, banReason: spam");
  });
});
