// Timed holds (issue 17): a hold placed with a release time (the proceeds of a card or PayPal sale)
// reserves the amount until then and is released by a job afterwards, unless it was resolved
// before (captured by a chargeback inside the hold). Any number of API replicas run the job: a
// pass takes due holds with FOR UPDATE SKIP LOCKED, so two replicas never take the same hold and a
// hold being captured by a reversal at that moment is skipped (and not open any more afterwards).
import type { PrismaClient, Tx } from "../../db/prisma";
import { releaseHoldInTx } from "./ledger-holds";
import { TX_DEFAULT } from "../../db/transactions";

const BATCH_SIZE = 200;

/**
 * Releases every open timed hold whose release time is at or before `now` (a test passes its own
 * clock). Returns how many it released; running it again, or on another replica, releases nothing
 * twice. Lock order: the hold rows, then their accounts in id order (as every ledger entry locks
 * them), the order a reversal follows too (checkout, hold, accounts).
 */
export async function releaseDueHolds(prisma: PrismaClient, now: Date = new Date(), batchSize = BATCH_SIZE): Promise<number> {
  let released = 0;
  for (;;) {
    const count = await prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<{ id: string; account_id: string }[]>`
        SELECT "id"::text, "account_id"::text FROM "app"."ledger_holds"
        WHERE "state" = 'open' AND "release_at" IS NOT NULL AND "release_at" <= ${now}
        ORDER BY "release_at", "id" LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED`;
      if (due.length === 0) return 0;
      const accounts = [...new Set(due.map((hold) => hold.account_id))].sort();
      await tx.$queryRaw`SELECT "id" FROM "app"."ledger_accounts" WHERE "id" = ANY(${accounts}::uuid[]) ORDER BY "id" FOR UPDATE`;
      for (const hold of due) await releaseHoldInTx(tx, hold.id);
      return due.length;
    }, TX_DEFAULT);
    released += count;
    if (count < batchSize) return released;
  }
}

export interface PendingAmount {
  /** Ledger units held. */
  amount: bigint;
  /** When the last of them is released. */
  releaseAt: Date;
}

/**
 * A user's open timed holds (sale proceeds not yet available), summed per UTC day of release, soonest
 * first: at most one line per day of the longest hold, however many sales.
 */
export async function pendingTimedHolds(db: PrismaClient | Tx, userId: string): Promise<PendingAmount[]> {
  const rows = await db.$queryRaw<{ amount: bigint; release_at: Date }[]>`
    SELECT SUM(h."amount")::bigint AS "amount", MAX(h."release_at") AS "release_at"
    FROM "app"."ledger_holds" h JOIN "app"."ledger_accounts" a ON a."id" = h."account_id"
    WHERE a."user_id" = ${userId}::uuid AND h."state" = 'open' AND h."release_at" IS NOT NULL
    GROUP BY date_trunc('day', h."release_at" AT TIME ZONE 'UTC')
    ORDER BY 2`;
  return rows.map((row) => ({ amount: BigInt(row.amount), releaseAt: row.release_at }));
}
