/**
 * GET /api/admin/level-rewards: the Level Rewards tab. Tier counts use the one title table of
 * ../levels.ts (docs/product.md#levels); the XP rules and level requirements come from that module too (the
 * page imports them), so only the figures of the user base are fetched.
 */
import { z } from "zod";
import { LEVEL_TITLES } from "../levels";

export const TOP_USERS_LIMIT = 10;

export const levelTierCountSchema = z.object({
  title: z.enum(LEVEL_TITLES.map((tier) => tier.title) as [string, ...string[]]),
  minLevel: z.number().int(),
  maxLevel: z.number().int().nullable().describe("null: no upper bound"),
  users: z.number().int().nonnegative(),
});

export const topLevelUserSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  level: z.number().int(),
  experience: z.number().int(),
});

export const adminLevelOverviewSchema = z.object({
  tiers: z.array(levelTierCountSchema),
  topUsers: z.array(topLevelUserSchema).max(TOP_USERS_LIMIT),
  rewardsPaid: z.object({
    count: z.number().int().nonnegative(),
    total: z.string().describe("LOOP paid as level rewards (8 decimals)"),
  }),
  uploadRewardsPaid: z
    .object({
      count: z.number().int().nonnegative(),
      total: z.string().describe("LOOP paid as upload rewards (8 decimals)"),
    })
    .describe("Upload rewards (issue 22): promotional LOOP for uploads that stayed listed, paid like level rewards"),
});
export type AdminLevelOverview = z.infer<typeof adminLevelOverviewSchema>;
