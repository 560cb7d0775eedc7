// GET /api/admin/level-rewards: users per title band (the one table of @loop/rules/levels), the top
// users by level then experience (banned users left out), and the level rewards paid so far — with
// the upload rewards (issue 22), the platform's other promotional grant that grows with activity.
import { LEVEL_TITLES } from "@loop/rules/levels";
import { TOP_USERS_LIMIT, type AdminLevelOverview } from "@loop/rules/schemas/admin-levels";
import { formatLoop } from "@loop/rules/units";
import type { PrismaClient } from "../../db/prisma";

/** [title, minLevel, maxLevel | null] of every band, lowest first. */
export function levelBands() {
  return LEVEL_TITLES.map((tier, index) => ({
    title: tier.title,
    minLevel: tier.from,
    maxLevel: index + 1 < LEVEL_TITLES.length ? LEVEL_TITLES[index + 1]!.from - 1 : null,
  }));
}

export async function adminLevelOverview(prisma: PrismaClient): Promise<AdminLevelOverview> {
  const bands = levelBands();
  const [byLevel, topUsers, rewards, uploadRewards] = await Promise.all([
    prisma.$queryRaw<{ level: number; n: bigint }[]>`SELECT "level", COUNT(*)::bigint AS "n" FROM "app"."users" GROUP BY "level"`,
    prisma.user.findMany({
      where: { isBanned: false },
      orderBy: [{ level: "desc" }, { experience: "desc" }, { createdAt: "asc" }, { id: "asc" }],
      take: TOP_USERS_LIMIT,
      select: { id: true, username: true, profileImageUrl: true, level: true, experience: true },
    }),
    prisma.levelReward.aggregate({ _count: { _all: true }, _sum: { tokensAwarded: true } }),
    prisma.$queryRaw<{ n: number; total: bigint }[]>`
      SELECT COUNT(*)::int AS "n", COALESCE(SUM(p."amount"), 0)::bigint AS "total"
      FROM "app"."upload_rewards" r JOIN "app"."ledger_postings" p ON p."entry_id" = r."entry_id" AND p."amount" > 0
      WHERE r."status" = 'rewarded'`,
  ]);
  const tiers = bands.map((band) => ({ ...band, users: 0 }));
  for (const row of byLevel) {
    // Levels below the first band (never written) count in it.
    const tier = [...tiers].reverse().find((candidate) => row.level >= candidate.minLevel) ?? tiers[0]!;
    tier.users += Number(row.n);
  }
  return {
    tiers,
    topUsers,
    rewardsPaid: { count: rewards._count._all, total: formatLoop(rewards._sum.tokensAwarded ?? 0n) },
    uploadRewardsPaid: { count: uploadRewards[0]?.n ?? 0, total: formatLoop(BigInt(uploadRewards[0]?.total ?? 0n)) },
  };
}
