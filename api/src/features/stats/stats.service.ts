import type { LeaderboardEntry, PublicStats } from "@loop/rules/api-types";
import { formatLoop } from "@loop/rules/units";
import type { PrismaClient } from "../../db/prisma";
import { earningsByUser, totalTokensEarned } from "../levels/earnings";

const LEADERBOARD_SIZE = 10;

/** Loops in the catalog: ready and public. */
const LISTED = { status: "ready", isPublic: true } as const;

// creators = users with at least one listed loop, loops = listed loops; LOOP earned from the
// ledger (levels/earnings.ts: sale proceeds per user; for everyone, sale proceeds, the welcome
// bonus, rewards, level rewards and upload rewards).
async function countCreators(prisma: PrismaClient): Promise<number> {
  return prisma.user.count({ where: { loops: { some: LISTED } } });
}
async function countLoops(prisma: PrismaClient): Promise<number> {
  return prisma.loop.count({ where: LISTED });
}

async function leaderboard(prisma: PrismaClient): Promise<LeaderboardEntry[]> {
  const users = await prisma.user.findMany({
    where: { isAdmin: false, isBanned: false, loops: { some: LISTED } },
    orderBy: [{ experience: "desc" }, { level: "desc" }, { createdAt: "asc" }],
    take: LEADERBOARD_SIZE,
    select: {
      id: true,
      username: true,
      firstName: true,
      profileImageUrl: true,
      level: true,
      experience: true,
      _count: { select: { loops: { where: LISTED } } },
    },
  });
  const earnings = await earningsByUser(
    prisma,
    users.map((user) => user.id),
  );
  return users.map(({ _count, ...user }) => ({
    ...user,
    loopsCount: _count.loops,
    totalEarned: formatLoop(earnings.get(user.id)?.earned ?? 0n),
  }));
}

/** Real figures for the landing page: honest zeros on an empty database. */
export async function publicStats(prisma: PrismaClient): Promise<PublicStats> {
  const [totalUsers, totalCreators, totalLoops, earned, board] = await Promise.all([
    prisma.user.count(),
    countCreators(prisma),
    countLoops(prisma),
    totalTokensEarned(prisma),
    leaderboard(prisma),
  ]);
  return { totalUsers, totalCreators, totalLoops, tokensEarned: formatLoop(earned), leaderboard: board };
}
