import { describe, expect, it } from "vitest";
import { centsToLoopUnits, formatDecimal, formatLoop, loopUnitsToCents, parseDecimal, parseLoop, weiToLedgerUnits } from "./units";
import { formatFeeCents } from "./fees";
import { levelForExperience, levelInfo, levelRewardUnits, levelTitle, totalXpForLevel } from "./levels";

describe("units", () => {
  it("parses and formats exact decimals", () => {
    expect(parseLoop("1.5")).toBe(150_000_000n);
    expect(parseLoop("0.00000001")).toBe(1n);
    expect(parseLoop("0.000000001")).toBeNull();
    expect(parseLoop("-1")).toBeNull();
    expect(parseDecimal("4.99", 2)).toBe(499n);
    expect(formatLoop(150_000_000n)).toBe("1.50000000");
  });
  it("formats every integer exactly, below and beyond what a double holds", () => {
    // The digits of the integer itself, with the point put in by hand: the reference.
    const reference = (value: bigint, decimals: number) => {
      const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, "0");
      const whole = digits.slice(0, digits.length - decimals);
      return `${value < 0n ? "-" : ""}${whole}${decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ""}`;
    };
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    const values = [0n, 1n, 9n, 10n, 99_999_999n, 100_000_000n, 150_000_001n, max - 1n, max, max + 1n, max * 1000n + 7n, 10n ** 30n + 1n];
    for (const value of [...values, ...values.map((v) => -v)]) {
      for (const decimals of [0, 2, 8, 15, 16, 18]) expect(formatDecimal(value, decimals)).toBe(reference(value, decimals));
    }
    expect(formatLoop(max)).toBe("90071992.54740991");
    expect(formatLoop(-1n)).toBe("-0.00000001");
  });
  it("converts at 500 LOOP per USD", () => {
    expect(centsToLoopUnits(100n)).toBe(500n * 100_000_000n);
    expect(loopUnitsToCents(500n * 100_000_000n)).toBe(100n);
    expect(weiToLedgerUnits(10n ** 10n)).toBe(1n);
    expect(weiToLedgerUnits(10n ** 10n + 1n)).toBeNull();
  });
});

describe("fees", () => {
  it("rounds half up to the cent", () => {
    expect(formatFeeCents(499n, "mp3")).toBe(10n); // 9.98 → 10
    expect(formatFeeCents(499n, "wav")).toBe(20n); // 19.96 → 20
    expect(formatFeeCents(25n, "mp3")).toBe(1n); // 0.5 → 1
    expect(formatFeeCents(0n, "wav")).toBe(0n);
  });
});

describe("levels", () => {
  it("follows the XP table", () => {
    expect(levelForExperience(0)).toBe(1);
    expect(levelForExperience(99)).toBe(1);
    expect(levelForExperience(100)).toBe(2);
    expect(levelForExperience(300)).toBe(3);
    expect(totalXpForLevel(11)).toBe(100 * 55);
    expect(levelInfo(150)).toMatchObject({ level: 2, currentXP: 50, nextLevelXP: 200, xpNeededForNext: 150, progressPercentage: 25 });
  });
  it("pays rewards and titles by band", () => {
    expect(levelRewardUnits(1)).toBe(0n);
    expect(levelRewardUnits(2)).toBe(100n * 100_000_000n);
    expect(levelRewardUnits(11)).toBe(200n * 100_000_000n);
    expect(levelRewardUnits(31)).toBe(500n * 100_000_000n);
    expect(levelTitle(1)).toBe("Beginner");
    expect(levelTitle(14)).toBe("Advanced");
    expect(levelTitle(30)).toBe("Legend");
  });
});
