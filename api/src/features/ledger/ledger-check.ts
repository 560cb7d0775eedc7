// The ledger's invariants, checked on a live database (`pnpm ledger:check`, and the tests after
// every scenario). Returns the violations found; an empty list means the ledger is consistent.
import type { PrismaClient } from "../../db/prisma";

interface Check {
  name: string;
  sql: string;
}

const CHECKS: Check[] = [
  {
    name: "entry postings do not sum to zero (or fewer than two postings)",
    sql: `SELECT e."id" AS subject, COALESCE(SUM(p."amount"), 0)::text AS detail FROM "app"."ledger_entries" e
          JOIN "app"."ledger_postings" p ON p."entry_id" = e."id"
          GROUP BY e."id" HAVING COALESCE(SUM(p."amount"), 0) <> 0 OR COUNT(*) < 2`,
  },
  {
    name: "cached balance differs from the sum of postings",
    sql: `SELECT a."id" AS subject, a."balance"::text || ' cached vs ' || COALESCE(s.total, 0)::text AS detail FROM "app"."ledger_accounts" a
          LEFT JOIN (SELECT "account_id", SUM("amount") AS total FROM "app"."ledger_postings" GROUP BY "account_id") s ON s."account_id" = a."id"
          WHERE a."balance" <> COALESCE(s.total, 0)`,
  },
  {
    name: "cached held differs from the sum of open holds",
    sql: `SELECT a."id" AS subject, a."held"::text || ' cached vs ' || COALESCE(h.total, 0)::text AS detail FROM "app"."ledger_accounts" a
          LEFT JOIN (SELECT "account_id", SUM("amount") AS total FROM "app"."ledger_holds" WHERE "state" = 'open' GROUP BY "account_id") h ON h."account_id" = a."id"
          WHERE a."held" <> COALESCE(h.total, 0)`,
  },
  {
    name: "user account negative or overdrawn (balance − held < 0)",
    sql: `SELECT "id" AS subject, "balance"::text || ' balance, ' || "held"::text || ' held' AS detail FROM "app"."ledger_accounts"
          WHERE "kind" = 'user' AND ("balance" < 0 OR "held" < 0 OR "balance" - "held" < 0)`,
  },
  {
    name: "hold resolved inconsistently (open with a resolution, resolved without one, or captured without its entry)",
    sql: `SELECT "id" AS subject, "state" AS detail FROM "app"."ledger_holds"
          WHERE ("state" = 'open') <> ("resolved_at" IS NULL) OR ("state" = 'captured') <> ("entry_id" IS NOT NULL)`,
  },
  {
    name: "hold captured by more than one entry",
    sql: `SELECT "entry_id"::text AS subject, COUNT(*)::text AS detail FROM "app"."ledger_holds" WHERE "entry_id" IS NOT NULL GROUP BY "entry_id" HAVING COUNT(*) > 1`,
  },
  {
    name: "LOOP in accounts does not add up to zero (in-app total ≠ issued minus paid out)",
    sql: `SELECT 'all accounts' AS subject, SUM("balance")::text AS detail FROM "app"."ledger_accounts" HAVING COALESCE(SUM("balance"), 0) <> 0`,
  },
  {
    name: "welcome bonus missing or posted more than once",
    sql: `SELECT u."id"::text AS subject, COUNT(e."id")::text AS detail FROM "app"."users" u
          LEFT JOIN "app"."ledger_entries" e ON e."idempotency_key" = 'welcome:' || u."id"
          GROUP BY u."id" HAVING COUNT(e."id") <> 1`,
  },
];

export interface LedgerViolation {
  check: string;
  subject: string;
  detail: string;
}

export async function checkLedger(prisma: PrismaClient): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  for (const check of CHECKS) {
    const rows = await prisma.$queryRawUnsafe<{ subject: string; detail: string }[]>(check.sql);
    for (const row of rows) violations.push({ check: check.name, subject: String(row.subject), detail: String(row.detail) });
  }
  return violations;
}
