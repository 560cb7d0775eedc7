// What users earned and spent, read from the in-app ledger (ledger units, 10^-8 LOOP).
//
// - Earned (GET /api/user/level, the own profile, the leaderboard): LOOP credited to the user by
//   sales — the credits of 'sale' and 'purchase' entries to the user's accounts (withdrawable and
//   promotional: a sale paid with promotional LOOP pays the seller promotional LOOP). A sale paid in
//   app is one entry buyer → seller (+ fee), a fiat sale credits the seller; whichever kind the
//   paying feature gives the entry, the seller's side is a credit and the buyer's a debit.
//   A card or PayPal sale reversed inside its hold (a 'sale_reversal' entry takes the proceeds back)
//   was never earned: its debit is subtracted. (After the hold the seller keeps the LOOP: earned.)
// - Spent: LOOP the user paid for purchases — the debits of those entries from the user's account.
// - Tokens earned by everyone (GET /api/stats/public): every LOOP credited to a user account as
//   income: sale proceeds, the welcome bonus, rewards, level rewards and upload rewards. Not counted: LOOP bought
//   from an admin (admin_airdrop), deposits from a wallet, and transfers between users (the same
//   LOOP changing hands).
import type { PrismaClient, Tx } from "../../db/prisma";

/** Entry kinds whose credits to a user are sale proceeds and whose debits are purchases. */
export const TRADE_KINDS = ["sale", "purchase"] as const;
/** Entry kinds whose credits to a user count as LOOP earned on the platform. */
export const EARNING_KINDS = ["welcome_bonus", "reward", "level_reward", "upload_reward", ...TRADE_KINDS] as const;
/** Entry kinds that take sale proceeds back from the seller (subtracted from what they earned). */
export const SALE_REVERSAL_KINDS = ["sale_reversal"] as const;

export interface Earnings {
  earned: bigint;
  spent: bigint;
}

const NONE: Earnings = { earned: 0n, spent: 0n };

/** Earned and spent per user, for the given users (one aggregate query over their postings). */
export async function earningsByUser(db: PrismaClient | Tx, userIds: string[]): Promise<Map<string, Earnings>> {
  const result = new Map<string, Earnings>();
  if (userIds.length === 0) return result;
  const kinds = [...TRADE_KINDS];
  const reversals = [...SALE_REVERSAL_KINDS];
  const rows = await db.$queryRaw<{ user_id: string; earned: bigint; spent: bigint }[]>`
    SELECT a."user_id"::text AS "user_id",
      (COALESCE(SUM(p."amount") FILTER (WHERE p."amount" > 0 AND e."kind" = ANY(${kinds}::text[])), 0)
        + COALESCE(SUM(p."amount") FILTER (WHERE p."amount" < 0 AND e."kind" = ANY(${reversals}::text[])), 0))::bigint AS "earned",
      COALESCE(-SUM(p."amount") FILTER (WHERE p."amount" < 0 AND e."kind" = ANY(${kinds}::text[])), 0)::bigint AS "spent"
    FROM "app"."ledger_accounts" a
    JOIN "app"."ledger_postings" p ON p."account_id" = a."id"
    JOIN "app"."ledger_entries" e ON e."id" = p."entry_id"
    WHERE a."user_id" = ANY(${userIds}::uuid[]) AND e."kind" = ANY(${[...kinds, ...reversals]}::text[])
    GROUP BY a."user_id"`;
  for (const row of rows) result.set(row.user_id, { earned: BigInt(row.earned), spent: BigInt(row.spent) });
  return result;
}

export async function userEarnings(db: PrismaClient | Tx, userId: string): Promise<Earnings> {
  return (await earningsByUser(db, [userId])).get(userId) ?? NONE;
}

/** All LOOP credited to users as income (see above), in one aggregate query. */
export async function totalTokensEarned(db: PrismaClient | Tx): Promise<bigint> {
  const kinds = [...EARNING_KINDS];
  const reversals = [...SALE_REVERSAL_KINDS];
  const rows = await db.$queryRaw<{ total: bigint }[]>`
    SELECT COALESCE(SUM(p."amount"), 0)::bigint AS "total"
    FROM "app"."ledger_postings" p
    JOIN "app"."ledger_entries" e ON e."id" = p."entry_id"
    JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
    WHERE a."kind" IN ('user', 'user_promo') AND ((p."amount" > 0 AND e."kind" = ANY(${kinds}::text[])) OR (p."amount" < 0 AND e."kind" = ANY(${reversals}::text[])))`;
  return BigInt(rows[0]?.total ?? 0n);
}
