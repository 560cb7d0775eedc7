import { describe, expect, it } from "vitest";
import { ageLabel } from "./age-label";

const NOW = Date.parse("2026-11-25T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("ageLabel (docs/product.md#notifications: Nd ago, Nh ago, Just now)", () => {
  it.each([
    [0, "Just now"],
    [59 * MINUTE, "Just now"],
    [HOUR, "1h ago"],
    [5 * HOUR + 59 * MINUTE, "5h ago"],
    [23 * HOUR + 59 * MINUTE, "23h ago"],
    [DAY, "1d ago"],
    [3 * DAY + 23 * HOUR, "3d ago"],
    [400 * DAY, "400d ago"],
    // A clock slightly behind the server's.
    [-2 * MINUTE, "Just now"],
  ])("%d ms old → %s", (age, label) => {
    expect(ageLabel(ago(age), NOW)).toBe(label);
  });

  it("an unreadable date reads as just now rather than NaN", () => {
    expect(ageLabel("not a date", NOW)).toBe("Just now");
  });
});
