// GET /api/admin/stats: the dashboard's figures, from the users, loops, sessions and purchases
// tables and the ledger's platform accounts.
import type { AdminStats } from "@loop/rules/schemas/admin";
import { formatLoop, formatUsd } from "@loop/rules/units";
import type { PrismaClient, Tx } from "../../db/prisma";

/** "Active": a session of the user was used (or created) within this window. */
export const ACTIVE_WINDOW_DAYS = 30;

async function activeUsers(prisma: Tx | PrismaClient): Promise<number> {
  // last_seen_at starts at sign-in and is refreshed while the session is used (session.service.ts);
  // a session that was signed out is gone, so its user counts through their other sessions only.
  const since = new Date(Date.now() - ACTIVE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await prisma.$queryRaw<{ n: bigint }[]>`
    SELECT COUNT(DISTINCT "user_id") AS n FROM "app"."sessions" WHERE "last_seen_at" >= ${since}`;
  return Number(rows[0]?.n ?? 0n);
}

/** Every purchase row is a paid licence (free loops add 0): the buyer paid price + fee. */
async function totalRevenueCents(prisma: Tx | PrismaClient): Promise<bigint> {
  const rows = await prisma.$queryRaw<{ cents: bigint | null }[]>`
    SELECT SUM("price_cents"::bigint + "fee_cents"::bigint)::bigint AS cents FROM "app"."purchases"`;
  return rows[0]?.cents ?? 0n;
}

async function platformBalance(prisma: Tx | PrismaClient, kind: "fees" | "vault"): Promise<bigint> {
  const account = await prisma.ledgerAccount.findFirst({ where: { kind, userId: null }, select: { balance: true } });
  return account?.balance ?? 0n;
}

/** One query after the other: `db` may be a transaction (after a vault deposit), which runs one at a time. */
export async function adminStats(db: Tx | PrismaClient): Promise<AdminStats> {
  return {
    totalUsers: await db.user.count(),
    totalLoops: await db.loop.count(),
    activeUsers: await activeUsers(db),
    totalRevenue: formatUsd(await totalRevenueCents(db)),
    platformEarnings: formatLoop(await platformBalance(db, "fees")),
    availableWithdrawal: formatLoop(await platformBalance(db, "vault")),
    onChainVaultReserve: null,
  };
}
