// GET /api/user/level and GET /api/user/level-rewards (docs/product.md#levels).
import { levelInfo, levelTitle } from "@loop/rules/levels";
import type { LevelReward, UserLevel } from "@loop/rules/schemas/levels";
import { formatLoop } from "@loop/rules/units";
import type { PrismaClient } from "../../db/prisma";
import { userEarnings } from "./earnings";

const REWARDS_LIMIT = 100;

/** The user's level and progress (from their row and the shared rules) with their LOOP totals. */
export async function userLevel(prisma: PrismaClient, user: { id: string; level: number; experience: number }): Promise<UserLevel> {
  const info = levelInfo(user.experience);
  const { earned, spent } = await userEarnings(prisma, user.id);
  // The stored level is the one rewards were paid for; it can only be above the XP's (set by hand).
  const level = Math.max(user.level, info.level);
  return {
    level,
    experience: user.experience,
    title: levelTitle(level),
    currentXP: info.currentXP,
    nextLevelRequirement: info.nextLevelXP,
    progressPercentage: info.progressPercentage,
    xpNeededForNext: info.xpNeededForNext,
    totalEarned: formatLoop(earned),
    totalSpent: formatLoop(spent),
  };
}

/** The user's level rewards, newest first. */
export async function levelRewards(prisma: PrismaClient, userId: string): Promise<LevelReward[]> {
  const rows = await prisma.levelReward.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { level: "desc" }],
    take: REWARDS_LIMIT,
    select: { id: true, level: true, tokensAwarded: true, createdAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    level: row.level,
    tokensAwarded: formatLoop(row.tokensAwarded),
    createdAt: row.createdAt.toISOString(),
  }));
}
