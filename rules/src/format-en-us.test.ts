import { describe, expect, it } from "vitest";
import { formatShortDate, formatShortDateTime, groupDigits } from "./format-en-us";

describe("US English formats without Intl", () => {
  it("group digits as Intl.NumberFormat('en-US') does, for numbers and bigints, signed", () => {
    const intl = new Intl.NumberFormat("en-US");
    const values = [0, 7, 12, 999, 1000, 1001, 99_999, 100_000, 123_456_789, 1_000_000_000, Number.MAX_SAFE_INTEGER];
    for (const value of values) {
      expect(groupDigits(value)).toBe(intl.format(value));
      if (value !== 0) expect(groupDigits(-value)).toBe(intl.format(-value));
      expect(groupDigits(BigInt(value))).toBe(intl.format(BigInt(value)));
    }
    expect(groupDigits(10n ** 24n)).toBe(intl.format(10n ** 24n));
    expect(groupDigits(-0)).toBe("0");
    expect(groupDigits(-(10n ** 21n) - 5n)).toBe(intl.format(-(10n ** 21n) - 5n));
  });

  it("write dates and times as the en-US DateTimeFormat does, in local time and in UTC", () => {
    const date = { month: "short", day: "numeric", year: "numeric" } as const;
    const dateTime = { ...date, hour: "numeric", minute: "2-digit" } as const;
    // Every hour of a day (midnight and noon included), each month, a leap day and far years.
    const moments = [
      ...Array.from({ length: 24 }, (_, hour) => new Date(2026, 2, 4, hour, hour * 2)),
      ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2025, month, 28, 23, 59))),
      new Date(Date.UTC(2024, 1, 29, 12, 0)),
      new Date(Date.UTC(1999, 11, 31, 0, 1)),
      new Date(Date.UTC(2100, 0, 1, 11, 5)),
    ];
    for (const moment of moments) {
      expect(formatShortDate(moment)).toBe(new Intl.DateTimeFormat("en-US", date).format(moment));
      expect(formatShortDateTime(moment)).toBe(new Intl.DateTimeFormat("en-US", dateTime).format(moment));
      expect(formatShortDate(moment, "utc")).toBe(new Intl.DateTimeFormat("en-US", { ...date, timeZone: "UTC" }).format(moment));
      expect(formatShortDateTime(moment, "utc")).toBe(new Intl.DateTimeFormat("en-US", { ...dateTime, timeZone: "UTC" }).format(moment));
    }
  });
});
