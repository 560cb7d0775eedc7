/** Test data for the levels feature (imported by tests only). */
import type { LevelReward, UserLevel } from "@loop/rules/schemas/levels";
import { fixture } from "@/testing/fixture";

export const makeUserLevel = fixture<UserLevel>(() => ({
  level: 3,
  experience: 420,
  title: "Beginner",
  currentXP: 120,
  nextLevelRequirement: 300,
  progressPercentage: 40,
  xpNeededForNext: 180,
  totalEarned: "1234.50000000",
  totalSpent: "12.00000000",
}));

/** `count` rewards, newest first: level count+1 down to 2, 100 LOOP each. */
export function makeRewards(count: number): LevelReward[] {
  return Array.from({ length: count }, (_, index) => {
    const level = count + 1 - index;
    return {
      id: `reward-${level}`,
      level,
      tokensAwarded: "100.00000000",
      createdAt: new Date(Date.UTC(2026, 10, 1 + level, 12, 30)).toISOString(),
    };
  });
}
