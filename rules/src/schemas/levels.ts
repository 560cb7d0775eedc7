/** The level calls: GET /api/user/level and GET /api/user/level-rewards (docs/product.md#levels). */
import { z } from "zod";
import { LEVEL_TITLES } from "../levels";
import { loopDecimalString as loopString } from "./decimal-strings";

const titles = LEVEL_TITLES.map((tier) => tier.title) as [string, ...string[]];

export const userLevelSchema = z.object({
  level: z.number().int().min(1),
  experience: z.number().int().min(0).describe("Total XP"),
  title: z
    .enum(titles)
    .describe("Beginner 1–4, Intermediate 5–9, Advanced 10–14, Professional 15–19, Expert 20–24, Master 25–29, Legend 30+"),
  currentXP: z.number().int().min(0).describe("XP gathered within the current level"),
  nextLevelRequirement: z
    .number()
    .int()
    .min(1)
    .describe("XP needed to go from this level to the next (100·L for 1–10, 150·L 11–20, 200·L 21–30, 300·L 31+)"),
  progressPercentage: z.number().int().min(0).max(100),
  xpNeededForNext: z.number().int().min(0).describe("nextLevelRequirement − currentXP"),
  totalEarned: loopString.describe("LOOP credited to the user from sales"),
  totalSpent: loopString.describe("LOOP the user paid for purchases"),
});
export type UserLevel = z.infer<typeof userLevelSchema>;

export const levelRewardSchema = z.object({
  id: z.string(),
  level: z.number().int().min(2),
  tokensAwarded: loopString.describe("100 LOOP for levels 2–10, 200 for 11–20, 300 for 21–30, 500 from 31"),
  createdAt: z.string().describe("ISO 8601"),
});
export type LevelReward = z.infer<typeof levelRewardSchema>;
export const levelRewardListSchema = z.array(levelRewardSchema);
