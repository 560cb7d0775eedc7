import { LEVEL_TITLES, levelRewardUnits, levelTitle } from "@loop/rules/levels";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { loopText } from "@/lib/format";
import { LevelTiersCard, levelTiers } from "./level-tiers-card";

const loop = (level: number) => loopText(levelRewardUnits(level));

describe("Level Tiers", () => {
  it("derives every title, its level range and its rewards from the rules", () => {
    const tiers = levelTiers();
    expect(tiers.map((tier) => tier.title)).toEqual(LEVEL_TITLES.map((tier) => tier.title));
    for (const tier of tiers) {
      // Every level of the tier has the title, and every reward span pays what the rules say.
      expect(levelTitle(tier.from)).toBe(tier.title);
      if (Number.isFinite(tier.to)) expect(levelTitle(tier.to)).toBe(tier.title);
      for (const span of tier.rewards) {
        expect(span.reward).toBe(levelRewardUnits(span.from));
        if (Number.isFinite(span.to)) expect(levelRewardUnits(span.to)).toBe(span.reward);
      }
    }
    // Level 1 is where everyone starts: it pays nothing; the last tier is open-ended.
    expect(tiers[0]!.rewards[0]!.from).toBe(2);
    expect(tiers[tiers.length - 1]!.to).toBe(Number.POSITIVE_INFINITY);
    expect(tiers[tiers.length - 1]!.rewards.at(-1)!.to).toBe(Number.POSITIVE_INFINITY);
  });

  it("shows docs/product.md#titles's tiers: titles, ranges and LOOP per level", () => {
    render(<LevelTiersCard currentLevel={16} />);
    const row = (title: string) => within(screen.getByTestId(`level-tier-${title}`));

    expect(row("Beginner").getByText("Levels 1–4")).toBeInTheDocument();
    expect(row("Beginner").getByText(loop(2))).toBeInTheDocument();
    expect(row("Intermediate").getByText("Levels 5–9")).toBeInTheDocument();
    expect(row("Intermediate").getByText(loop(5))).toBeInTheDocument();
    // Advanced spans two reward bands: level 10 pays 100, 11–14 pay 200.
    expect(row("Advanced").getByText("Levels 10–14")).toBeInTheDocument();
    expect(row("Advanced").getByText("100 LOOP")).toBeInTheDocument();
    expect(row("Advanced").getByText("200 LOOP")).toBeInTheDocument();
    expect(row("Expert").getByText("300 LOOP")).toBeInTheDocument();
    expect(row("Legend").getByText("Level 30+")).toBeInTheDocument();
    expect(row("Legend").getByText("500 LOOP")).toBeInTheDocument();

    expect(screen.getByTestId("level-tier-Professional")).toHaveAttribute("aria-current", "true");
    expect(row("Professional").getByText("Your tier")).toBeInTheDocument();
  });
});
