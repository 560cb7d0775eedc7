// The ledger's invariants, checked on a live database (`pnpm ledger:check`, and the tests after
// every scenario). Returns the violations found; an empty list means the ledger is consistent.
import { UPLOAD_REWARD_LOOP, UPLOAD_REWARD_UNITS, UPLOAD_REWARDS_PER_DAY } from "@loop/rules/upload-reward";
import type { PrismaClient } from "../../db/prisma";

interface Check {
  name: string;
  sql: string;
}

/** Entry kinds that grant promotional LOOP (issuance → a member's 'user_promo' account), as SQL literals. */
export const PROMOTIONAL_GRANT_KINDS = ["welcome_bonus", "reward", "level_reward", "upload_reward"] as const;
const PROMOTIONAL_GRANTS = PROMOTIONAL_GRANT_KINDS.map((kind) => `'${kind}'`).join(", ");

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
          WHERE "kind" IN ('user', 'user_promo') AND ("balance" < 0 OR "held" < 0 OR "balance" - "held" < 0)`,
  },
  {
    name: "hold resolved inconsistently (open with a resolution, resolved without one, or captured without its entry)",
    sql: `SELECT "id" AS subject, "state" AS detail FROM "app"."ledger_holds"
          WHERE ("state" = 'open') <> ("resolved_at" IS NULL) OR ("state" = 'captured') <> ("entry_id" IS NOT NULL)`,
  },
  {
    // One entry captures one hold, except an accepted offer's two (its promotional and withdrawable parts).
    name: "hold captured by more than one entry",
    sql: `WITH shared AS (SELECT "entry_id", array_agg("id") AS holds FROM "app"."ledger_holds" WHERE "entry_id" IS NOT NULL GROUP BY "entry_id" HAVING COUNT(*) > 1)
          SELECT s."entry_id"::text AS subject, cardinality(s.holds)::text AS detail FROM shared s
          WHERE NOT (cardinality(s.holds) = 2 AND EXISTS (
            SELECT 1 FROM "app"."negotiations" n WHERE n."hold_id" = ANY(s.holds) AND n."promo_hold_id" = ANY(s.holds)))`,
  },
  {
    name: "LOOP in accounts does not add up to zero (in-app total ≠ issued minus paid out)",
    sql: `SELECT 'all accounts' AS subject, SUM("balance")::text AS detail FROM "app"."ledger_accounts" HAVING COALESCE(SUM("balance"), 0) <> 0`,
  },
  {
    name: "fiat sale proceeds hold does not match its sale (not the seller's account, not the price, or still open after a reversal)",
    sql: `SELECT c."id"::text AS subject, h."state" || ' ' || h."amount"::text AS detail FROM "app"."checkouts" c
          JOIN "app"."ledger_holds" h ON h."id" = c."proceeds_hold_id"
          JOIN "app"."loops" l ON l."id" = c."loop_id"
          JOIN "app"."ledger_accounts" a ON a."id" = h."account_id"
          WHERE a."user_id" IS DISTINCT FROM l."user_id" OR h."amount" <> c."price_cents"::bigint * 500000000
             OR (c."status" = 'reversed' AND h."state" = 'open') OR (h."state" = 'captured' AND h."entry_id" IS DISTINCT FROM c."reversal_entry_id")`,
  },
  {
    name: "reversed fiat sale not booked once (its entry missing, not balanced against clearing, or its purchase still owned)",
    sql: `SELECT c."id"::text AS subject, COALESCE(e."kind", 'no entry') AS detail FROM "app"."checkouts" c
          LEFT JOIN "app"."ledger_entries" e ON e."id" = c."reversal_entry_id"
          LEFT JOIN "app"."purchases" pu ON pu."id" = c."purchase_id"
          WHERE c."status" = 'reversed' AND (
            e."id" IS NULL OR e."idempotency_key" <> 'reversal:' || c."id"
            OR pu."refunded_at" IS NULL
            OR (SELECT COALESCE(SUM(p."amount"), 0) FROM "app"."ledger_postings" p JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
                WHERE p."entry_id" = e."id" AND a."kind" = 'clearing') <> (c."price_cents" + c."fee_cents")::bigint * 500000000)`,
  },
  {
    name: "chargeback losses account credited (it only records losses)",
    sql: `SELECT "id"::text AS subject, "balance"::text AS detail FROM "app"."ledger_accounts" WHERE "kind" = 'chargeback_losses' AND "balance" > 0`,
  },
  // Promotional LOOP (issue 18): welcome bonus and level rewards — and upload rewards (issue 22) —
  // spendable on loops, never sent or withdrawn. PROMOTIONAL_GRANTS lists the entry kinds that grant it.
  {
    name: "promotional LOOP in a withdrawal or a transfer",
    sql: `SELECT e."id"::text AS subject, e."kind" || ' ' || p."amount"::text AS detail FROM "app"."ledger_entries" e
          JOIN "app"."ledger_postings" p ON p."entry_id" = e."id" JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
          WHERE a."kind" = 'user_promo' AND e."kind" IN ('withdrawal', 'user_transfer')`,
  },
  {
    name: "promotional LOOP moved other than by a bonus, a reward or a purchase",
    sql: `SELECT e."id"::text AS subject, e."kind" || ' ' || p."amount"::text AS detail FROM "app"."ledger_entries" e
          JOIN "app"."ledger_postings" p ON p."entry_id" = e."id" JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
          WHERE a."kind" = 'user_promo' AND e."kind" NOT IN (${PROMOTIONAL_GRANTS}, 'purchase', 'promotional_split', 'reward_reversal', 'upload_reward_return')`,
  },
  {
    // Issue 35: a reversed fiat sale takes back the level rewards its XP earned, from promotional LOOP only.
    name: "level rewards taken back other than from one member's promotional account to issuance",
    sql: `SELECT e."id"::text AS subject, string_agg(a."kind" || ' ' || p."amount"::text, ', ') AS detail FROM "app"."ledger_entries" e
          JOIN "app"."ledger_postings" p ON p."entry_id" = e."id" JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
          WHERE e."kind" = 'reward_reversal'
          GROUP BY e."id"
          HAVING COUNT(*) <> 2 OR NOT bool_or(a."kind" = 'user_promo' AND p."amount" < 0) OR NOT bool_or(a."kind" = 'issuance' AND p."amount" > 0)`,
  },
  {
    // A purchase paid with promotional LOOP credits the seller promotional LOOP: members' withdrawable
    // LOOP never grows in such an entry, and no entry but a bonus, a reward or the split creates promotional LOOP.
    name: "promotional LOOP turned withdrawable, or created other than by a bonus or a reward",
    sql: `SELECT e."id"::text AS subject, e."kind" || ': withdrawable ' || t.withdrawable::text || ', promotional ' || t.promotional::text AS detail
          FROM (SELECT p."entry_id",
                  COALESCE(SUM(p."amount") FILTER (WHERE a."kind" = 'user'), 0) AS withdrawable,
                  COALESCE(SUM(p."amount") FILTER (WHERE a."kind" = 'user_promo'), 0) AS promotional,
                  bool_or(a."kind" = 'user_promo' AND p."amount" < 0) AS spends_promotional
                FROM "app"."ledger_postings" p JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
                WHERE a."kind" IN ('user', 'user_promo') GROUP BY p."entry_id") t
          JOIN "app"."ledger_entries" e ON e."id" = t."entry_id"
          WHERE (t.spends_promotional AND e."kind" <> 'promotional_split' AND t.withdrawable > 0)
             OR (t.promotional > 0 AND e."kind" NOT IN (${PROMOTIONAL_GRANTS}, 'promotional_split'))`,
  },
  {
    name: "promotional split not from the member's withdrawable account to their own promotional account",
    sql: `SELECT e."id"::text AS subject, string_agg(a."kind" || ' ' || p."amount"::text, ', ') AS detail FROM "app"."ledger_entries" e
          JOIN "app"."ledger_postings" p ON p."entry_id" = e."id" JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
          WHERE e."kind" = 'promotional_split'
          GROUP BY e."id"
          HAVING COUNT(*) <> 2 OR COUNT(DISTINCT a."user_id") <> 1 OR bool_or(a."user_id" IS NULL)
             OR bool_or(a."kind" = 'user' AND p."amount" > 0) OR bool_or(a."kind" = 'user_promo' AND p."amount" < 0)`,
  },
  {
    // Bonuses and rewards posted before the member had a promotional account (before migration
    // 20261126140000) credited 'user'; that migration moved them. Any later one must be promotional
    // (upload rewards came later still: every one of them).
    name: "welcome bonus or level reward credited as withdrawable LOOP",
    sql: `SELECT e."id"::text AS subject, e."kind" || ' ' || p."amount"::text AS detail FROM "app"."ledger_entries" e
          JOIN "app"."ledger_postings" p ON p."entry_id" = e."id" JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
          JOIN "app"."ledger_accounts" promo ON promo."user_id" = a."user_id" AND promo."kind" = 'user_promo'
          WHERE a."kind" = 'user' AND e."kind" IN (${PROMOTIONAL_GRANTS}) AND e."created_at" >= promo."created_at"`,
  },
  // The upload reward (issue 22): UPLOAD_REWARD_UNITS from issuance to the loop's creator's promotional
  // account, once per loop (key upload-reward:<loop id>), recorded on the loop's upload_rewards row.
  {
    name: `upload reward not ${UPLOAD_REWARD_LOOP} LOOP from issuance to the creator's promotional account, or not recorded as its loop's`,
    sql: `SELECT e."id"::text AS subject, COALESCE(r."status", 'no upload_rewards row') || ': ' || COALESCE(string_agg(a."kind" || ' ' || p."amount"::text, ', '), '') AS detail
          FROM "app"."ledger_entries" e
          LEFT JOIN "app"."upload_rewards" r ON r."entry_id" = e."id"
          LEFT JOIN "app"."loops" l ON l."id" = r."loop_id"
          JOIN "app"."ledger_postings" p ON p."entry_id" = e."id" JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
          WHERE e."kind" = 'upload_reward'
          GROUP BY e."id", e."idempotency_key", r."loop_id", r."status", r."user_id", l."user_id"
          HAVING r."loop_id" IS NULL OR r."status" NOT IN ('rewarded', 'returned') OR e."idempotency_key" <> 'upload-reward:' || r."loop_id"
             OR (l."user_id" IS NOT NULL AND r."user_id" <> l."user_id") OR COUNT(*) <> 2
             OR NOT bool_or(a."kind" = 'user_promo' AND a."user_id" = r."user_id" AND p."amount" = ${UPLOAD_REWARD_UNITS})
             OR NOT bool_or(a."kind" = 'issuance' AND p."amount" = -${UPLOAD_REWARD_UNITS})
          UNION ALL
          SELECT r."loop_id"::text AS subject, 'rewarded without an upload_reward entry' AS detail FROM "app"."upload_rewards" r
          LEFT JOIN "app"."ledger_entries" e ON e."id" = r."entry_id"
          WHERE r."status" IN ('rewarded', 'returned') AND e."kind" IS DISTINCT FROM 'upload_reward'`,
  },
  // A returned upload reward (issue 35): at most the reward, from the same promotional account back to
  // issuance, once per loop (key upload-reward-return:<loop id>), recorded on its returned row.
  {
    name: "upload reward return not from the creator's promotional account to issuance, over the reward, or not recorded as its loop's",
    sql: `SELECT e."id"::text AS subject, COALESCE(r."status", 'no upload_rewards row') || ': ' || string_agg(a."kind" || ' ' || p."amount"::text, ', ') AS detail
          FROM "app"."ledger_entries" e
          LEFT JOIN "app"."upload_rewards" r ON r."return_entry_id" = e."id"
          JOIN "app"."ledger_postings" p ON p."entry_id" = e."id" JOIN "app"."ledger_accounts" a ON a."id" = p."account_id"
          WHERE e."kind" = 'upload_reward_return'
          GROUP BY e."id", e."idempotency_key", r."loop_id", r."status", r."user_id", r."returned_units"
          HAVING r."loop_id" IS NULL OR r."status" <> 'returned' OR e."idempotency_key" <> 'upload-reward-return:' || r."loop_id" OR COUNT(*) <> 2
             OR NOT bool_or(a."kind" = 'user_promo' AND a."user_id" = r."user_id" AND p."amount" = -r."returned_units")
             OR NOT bool_or(a."kind" = 'issuance' AND p."amount" = r."returned_units")
             OR r."returned_units" > ${UPLOAD_REWARD_UNITS}
          UNION ALL
          SELECT r."loop_id"::text AS subject, 'returned ' || r."returned_units"::text || ' without its entry' AS detail FROM "app"."upload_rewards" r
          LEFT JOIN "app"."ledger_entries" e ON e."id" = r."return_entry_id"
          WHERE r."returned_units" > 0 AND e."kind" IS DISTINCT FROM 'upload_reward_return'`,
  },
  {
    name: "more upload rewards than the daily cap for a member's day",
    sql: `SELECT "user_id"::text || ' ' || "live_day"::text AS subject, COUNT(*)::text AS detail FROM "app"."upload_rewards"
          WHERE "status" IN ('rewarded', 'returned') GROUP BY "user_id", "live_day" HAVING COUNT(*) > ${UPLOAD_REWARDS_PER_DAY}`,
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
