import type { LeaderboardEntry, PublicStats } from "@loop/rules/api-types";
import { formatLoop } from "@loop/rules/units";
import type { PrismaClient } from "../../db/prisma";

const LEADERBOARD_SIZE = 10;

// Loops and the ledger do not exist yet. These functions are where their figures plug in:
// creators = users with at least one loop, loops = public loops, earned = LOOP credited to users.
async function countCreators(_prisma: PrismaClient): Promise<number> {
  return 0;
}
async function countLoops(_prisma: PrismaClient): Promise<number> {
  return 0;
}
async function sumTokensEarned(_prisma: PrismaClient): Promise<bigint> {
  return 0n;
}

async function leaderboard(prisma: PrismaClient): Promise<LeaderboardEntry[]> {
  const users = await prisma.user.findMany({
    where: { isAdmin: false, isBanned: false },
    orderBy: [{ experience: "desc" }, { level: "desc" }, { createdAt: "asc" }],
    take: LEADERBOARD_SIZE,
    select: { id: true, username: true, firstName: true, profileImageUrl: true, level: true, experience: true },
  });
  return users.map((user) => ({ ...user, loopsCount: 0, totalEarned: formatLoop(0n) }));
}

/** Real figures for the landing page: honest zeros on an empty database. */
export async function publicStats(prisma: PrismaClient): Promise<PublicStats> {
  const [totalUsers, totalCreators, totalLoops, earned, board] = await Promise.all([
    prisma.user.count(),
    countCreators(prisma),
    countLoops(prisma),
    sumTokensEarned(prisma),
    leaderboard(prisma),
  ]);
  return { totalUsers, totalCreators, totalLoops, tokensEarned: formatLoop(earned), leaderboard: board };
}
