import type { LeaderboardEntry, PublicStats } from "@loop/rules/api-types";
import { formatLoop } from "@loop/rules/units";
import type { PrismaClient } from "../../db/prisma";

const LEADERBOARD_SIZE = 10;

/** Loops in the catalog: ready and public. */
const LISTED = { status: "ready", isPublic: true } as const;

// creators = users with at least one listed loop, loops = listed loops. The ledger does not
// exist yet: earned (LOOP credited to users) plugs in here.
async function countCreators(prisma: PrismaClient): Promise<number> {
  return prisma.user.count({ where: { loops: { some: LISTED } } });
}
async function countLoops(prisma: PrismaClient): Promise<number> {
  return prisma.loop.count({ where: LISTED });
}
async function sumTokensEarned(_prisma: PrismaClient): Promise<bigint> {
  return 0n;
}

async function leaderboard(prisma: PrismaClient): Promise<LeaderboardEntry[]> {
  const users = await prisma.user.findMany({
    where: { isAdmin: false, isBanned: false },
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
  return users.map(({ _count, ...user }) => ({ ...user, loopsCount: _count.loops, totalEarned: formatLoop(0n) }));
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
