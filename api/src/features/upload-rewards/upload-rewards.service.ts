// The upload reward (issue 22; docs/decisions.md "Issue 22 — upload reward"): UPLOAD_REWARD_LOOP
// (500) promotional LOOP for a member's upload that passed processing and moderation, paid like the
// welcome bonus and level rewards (issuance → the member's 'user_promo' account: spendable on loops,
// never sent or withdrawn).
//
// There is no moderation queue: admins hide loops and ban members after the fact. So an upload
// qualifies once it has stayed listed (processed, public, not hidden) for the window (24 h,
// config.uploadRewards.windowMs) with its creator not banned. Its `upload_rewards` row (written with
// the loop by recordUpload) waits until then; triggers on loops and users (migration
// 20261127100000_upload_reward) keep `listed_since` and decide the loops that fail processing, are
// hidden or whose creator is banned meanwhile. The sweep below decides the rest once their window
// has passed, each exactly once:
//   - free at that moment → 'free' (free loops earn nothing);
//   - priced below the platform setting upload_reward_min_price_cents (issue 35) → 'below_min_price';
//   - its original's SHA-256 equals an earlier loop's (one that did not fail processing) → 'duplicate'
//     (an upload whose sound an earlier loop has is decided 'duplicate' by the loop worker already, as
//     soon as it is processed: audio-matches.ts);
//   - its creator cannot be reached (issue 35): no confirmed e-mail, and no linked wallet that has
//     received LOOP on chain (the indexer's token_transfer rows) → 'unreachable';
//   - its creator already has UPLOAD_REWARDS_PER_DAY (5) rewarded loops that went live the same UTC
//     day → 'daily_cap';
//   - else 'rewarded': one 'upload_reward' entry, key upload-reward:<loop id>, and a notification.
//
// A reward is given back (status 'returned') when its loop leaves sale within 30 days — by database
// triggers, whatever path takes it down (migration 20261202130100_upload_reward_conditions).
//
// Any number of API processes sweep: a pass takes due rows FOR UPDATE SKIP LOCKED (never the same
// row twice at once), takes an advisory lock per member (in id order) so that the daily cap is
// counted by one process at a time, locks the ledger accounts it will post to in id order (the
// ledger's own order: no deadlock with purchases or level rewards), and posts with the idempotency
// key, which alone would keep a loop from being paid twice.
import { paths } from "@loop/rules/paths";
import {
  UPLOAD_REWARD_TITLE,
  UPLOAD_REWARD_UNITS,
  UPLOAD_REWARDS_PER_DAY,
  uploadRewardDescription,
  uploadRewardMessage,
} from "@loop/rules/upload-reward";
import { Prisma, type PrismaClient, type Tx } from "../../db/prisma";
import { platformAccountId, postEntryInTx, promoAccountId } from "../ledger/ledger.service";
import { createNotificationInTx } from "../notifications/create-notification";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { TX_DEFAULT } from "../../db/transactions";

export const uploadRewardKey = (loopId: string) => `upload-reward:${loopId}`;

/** What became of an upload's reward ('waiting' until decided; see the migration). */
export const UPLOAD_REWARD_STATUSES = [
  "waiting",
  "rewarded",
  "failed",
  "removed",
  "banned",
  "free",
  "duplicate",
  "daily_cap",
  "below_min_price",
  "unreachable",
  "returned",
] as const;
export type UploadRewardStatus = (typeof UPLOAD_REWARD_STATUSES)[number];

const BATCH_SIZE = 100;

/** In the transaction that records a member's upload (recordUpload): the loop may earn the reward. */
export async function registerUploadRewardInTx(tx: Tx, loopId: string, userId: string): Promise<void> {
  await tx.$executeRaw`INSERT INTO "app"."upload_rewards" ("loop_id", "user_id") VALUES (${loopId}::uuid, ${userId}::uuid)`;
}

export interface SweepOptions {
  /** How long a loop must have stayed listed (config.uploadRewards.windowMs). */
  windowMs: number;
  /** The sweep's clock (tests pass their own). */
  now?: Date;
  /** Rows decided per transaction. */
  batchSize?: number;
  /**
   * Where the indexer (Ponder) keeps LOOP transfers, and the chains to count: a wallet-only creator is
   * reachable when their linked wallet received LOOP there. Without it, only a confirmed e-mail makes a
   * creator reachable; with it but its table not there (Ponder starting or rebuilding), a wallet-only
   * creator's loops wait for a later pass.
   */
  indexer?: { schema: string; chainIds: number[] };
}

export interface SweepResult {
  /** Loops decided by this pass, by outcome ('rewarded' = paid now). */
  decided: Partial<Record<UploadRewardStatus, number>>;
}

interface Due {
  loop_id: string;
  user_id: string;
  /** listed_since's UTC day, YYYY-MM-DD. */
  live_day: string;
}

interface Facts {
  loop_id: string;
  title: string;
  status: string;
  is_public: boolean;
  is_free: boolean;
  price_cents: number;
  is_banned: boolean;
  duplicate: boolean;
  /** The creator has a confirmed e-mail (every address an account holds was proven: a link mailed to it, or a provider's verified claim). */
  has_email: boolean;
  /** The creator's linked wallet, lower case, or null. */
  wallet: string | null;
}

/** Whether a creator can be reached: yes, no, or not known yet (the indexer's table is not there). */
type Reach = "reachable" | "unreachable" | "unknown";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * The wallets among `wallets` (lower case) that have received LOOP on one of the chains, from the
 * indexer's token_transfer table; null when that table is not there.
 */
async function walletsThatHeldLoop(
  tx: Tx,
  indexer: { schema: string; chainIds: number[] },
  wallets: string[],
): Promise<Set<string> | null> {
  if (!IDENTIFIER.test(indexer.schema)) throw new Error(`not an SQL identifier: ${indexer.schema}`);
  const table = `"${indexer.schema}"."token_transfer"`;
  // Looked up first: a failed statement would abort the whole batch's transaction.
  const [found] = await tx.$queryRaw<{ present: boolean }[]>`SELECT to_regclass(${table}) IS NOT NULL AS "present"`;
  if (!found?.present) return null;
  const rows = await tx.$queryRaw<{ wallet: string }[]>`
    SELECT DISTINCT t."to" AS "wallet" FROM ${Prisma.raw(table)} t
    WHERE t."to" = ANY(${wallets}::text[]) AND t."chain_id" = ANY(${indexer.chainIds}::int[]) AND t."value" > 0`;
  return new Set(rows.map((row) => row.wallet.toLowerCase()));
}

/**
 * Decides every waiting upload whose loop has been listed since `now − windowMs` or before. Running
 * it again, or on several processes at once, decides nothing twice and pays nothing twice.
 */
export async function sweepUploadRewards(prisma: PrismaClient, options: SweepOptions): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.windowMs);
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const decided: SweepResult["decided"] = {};
  for (;;) {
    const batch = await prisma.$transaction((tx) => decideBatch(tx, cutoff, batchSize, options.indexer), TX_DEFAULT);
    for (const status of batch.statuses) decided[status] = (decided[status] ?? 0) + 1;
    // Rows left waiting for the indexer are taken again by the next batch: stop once a batch decides nothing new.
    if (batch.taken < batchSize || batch.deferred === batch.taken) return { decided };
  }
}

async function decideBatch(
  tx: Tx,
  cutoff: Date,
  batchSize: number,
  indexer: SweepOptions["indexer"],
): Promise<{ taken: number; deferred: number; statuses: UploadRewardStatus[] }> {
  const due = await tx.$queryRaw<Due[]>`
    SELECT "loop_id"::text, "user_id"::text, to_char("listed_since" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "live_day"
    FROM "app"."upload_rewards"
    WHERE "status" = 'waiting' AND "listed_since" IS NOT NULL AND "listed_since" <= ${cutoff}
    ORDER BY "listed_since", "loop_id" LIMIT ${batchSize}
    FOR UPDATE SKIP LOCKED`;
  if (due.length === 0) return { taken: 0, deferred: 0, statuses: [] };

  // One process at a time counts a member's rewards of a day (taken in id order: no deadlock between sweeps).
  const users = [...new Set(due.map((row) => row.user_id))].sort();
  for (const userId of users) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${uploadRewardKey(userId)}, 0))`;

  const ids = due.map((row) => row.loop_id);
  const facts = await tx.$queryRaw<Facts[]>`
    SELECT l."id"::text AS "loop_id", l."title", l."status"::text AS "status", l."is_public", l."is_free", l."price_cents", u."is_banned",
      l."original_sha256" IS NOT NULL AND EXISTS (
        SELECT 1 FROM "app"."loops" e
        WHERE e."original_sha256" = l."original_sha256" AND (e."created_at", e."id") < (l."created_at", l."id") AND e."status" <> 'failed'
      ) AS "duplicate",
      u."email" IS NOT NULL AS "has_email", lower(w."address") AS "wallet"
    FROM "app"."loops" l JOIN "app"."users" u ON u."id" = l."user_id" LEFT JOIN "app"."wallet_links" w ON w."user_id" = u."id"
    WHERE l."id" = ANY(${ids}::uuid[])`;
  const factsOf = new Map(facts.map((row) => [row.loop_id, row]));
  const { uploadRewardMinPriceCents } = await settingsInUse(tx);

  // Reachable: a confirmed e-mail, or a linked wallet that received LOOP on chain (asked of the indexer only for those without an e-mail).
  const walletsToAsk = [...new Set(facts.filter((row) => !row.has_email && row.wallet).map((row) => row.wallet!))];
  const held = indexer && walletsToAsk.length > 0 ? await walletsThatHeldLoop(tx, indexer, walletsToAsk) : new Set<string>();
  const reachOf = (loop: Facts): Reach => {
    if (loop.has_email) return "reachable";
    if (!loop.wallet) return "unreachable";
    if (held === null) return "unknown";
    return held.has(loop.wallet) ? "reachable" : "unreachable";
  };

  const days = [...new Set(due.map((row) => row.live_day))];
  const counted = await tx.$queryRaw<{ user_id: string; live_day: string; n: number }[]>`
    SELECT "user_id"::text, to_char("live_day", 'YYYY-MM-DD') AS "live_day", COUNT(*)::int AS "n"
    FROM "app"."upload_rewards"
    WHERE "status" IN ('rewarded', 'returned') AND "user_id" = ANY(${users}::uuid[]) AND "live_day" = ANY(${days}::date[])
    GROUP BY 1, 2`;
  const rewardedOn = new Map(counted.map((row) => [`${row.user_id} ${row.live_day}`, row.n]));

  // Oldest listing first (the order of `due`): within a day, the first five to go live are paid.
  const decisions: { row: Due; status: UploadRewardStatus | "defer" | null; title: string }[] = [];
  for (const row of due) {
    const loop = factsOf.get(row.loop_id);
    const status = decide(loop, row, rewardedOn, uploadRewardMinPriceCents, loop ? reachOf(loop) : "unknown");
    if (status === "rewarded")
      rewardedOn.set(`${row.user_id} ${row.live_day}`, (rewardedOn.get(`${row.user_id} ${row.live_day}`) ?? 0) + 1);
    decisions.push({ row, status, title: loop?.title ?? "" });
  }

  const paid = decisions.filter((decision) => decision.status === "rewarded");
  if (paid.length > 0) {
    // Every account these entries touch, at once and in id order (as awardXp does for level rewards).
    const promo = new Map<string, string>();
    for (const userId of new Set(paid.map((decision) => decision.row.user_id))) promo.set(userId, await promoAccountId(tx, userId));
    const issuance = await platformAccountId(tx, "issuance");
    const accounts = [...new Set([...promo.values(), issuance])].sort();
    await tx.$queryRaw`SELECT "id" FROM "app"."ledger_accounts" WHERE "id" = ANY(${accounts}::uuid[]) ORDER BY "id" FOR UPDATE`;
    for (const { row, title } of paid) await payReward(tx, row, title, promo.get(row.user_id)!, issuance);
  }

  const statuses: UploadRewardStatus[] = [];
  let deferred = 0;
  for (const { row, status } of decisions) {
    if (status === "defer") {
      deferred++;
      continue;
    }
    if (status === null) {
      // Not listed after all (a trigger keeps listed_since, so only if it was bypassed): its window starts again when it is.
      await tx.$executeRaw`UPDATE "app"."upload_rewards" SET "listed_since" = NULL WHERE "loop_id" = ${row.loop_id}::uuid`;
      continue;
    }
    statuses.push(status);
    if (status === "rewarded") continue;
    await tx.$executeRaw`
      UPDATE "app"."upload_rewards" SET "status" = ${status}, "live_day" = ${row.live_day}::date, "decided_at" = CURRENT_TIMESTAMP
      WHERE "loop_id" = ${row.loop_id}::uuid`;
  }
  return { taken: due.length, deferred, statuses };
}

/**
 * The outcome for one due loop; null: it is not listed (not decided: its window has not run);
 * "defer": its creator's reach is not known yet (left waiting for a later pass).
 */
function decide(
  loop: Facts | undefined,
  row: Due,
  rewardedOn: Map<string, number>,
  minPriceCents: number,
  reach: Reach,
): UploadRewardStatus | "defer" | null {
  if (!loop) return null;
  if (loop.status === "hidden" || loop.status === "removed") return "removed";
  if (loop.status === "failed") return "failed";
  if (loop.status !== "ready" || !loop.is_public) return null;
  if (loop.is_banned) return "banned";
  if (loop.is_free) return "free";
  if (loop.price_cents < minPriceCents) return "below_min_price";
  if (loop.duplicate) return "duplicate";
  if (reach === "unknown") return "defer";
  if (reach === "unreachable") return "unreachable";
  if ((rewardedOn.get(`${row.user_id} ${row.live_day}`) ?? 0) >= UPLOAD_REWARDS_PER_DAY) return "daily_cap";
  return "rewarded";
}

/** One 'upload_reward' entry (issuance → the member's promotional account), the row's decision and the notification. */
async function payReward(tx: Tx, row: Due, title: string, promoAccount: string, issuance: string): Promise<void> {
  const entry = await postEntryInTx(tx, {
    idempotencyKey: uploadRewardKey(row.loop_id),
    kind: "upload_reward",
    description: uploadRewardDescription(title),
    postings: [
      { accountId: promoAccount, amount: UPLOAD_REWARD_UNITS },
      { accountId: issuance, amount: -UPLOAD_REWARD_UNITS },
    ],
  });
  await tx.$executeRaw`
    UPDATE "app"."upload_rewards" SET "status" = 'rewarded', "entry_id" = ${entry.id}::uuid, "live_day" = ${row.live_day}::date, "decided_at" = CURRENT_TIMESTAMP
    WHERE "loop_id" = ${row.loop_id}::uuid`;
  // An entry that already existed (a decision lost and made again) was announced then.
  if (!entry.created) return;
  await createNotificationInTx(tx, {
    userId: row.user_id,
    type: "success",
    title: UPLOAD_REWARD_TITLE,
    message: uploadRewardMessage(title),
    actionUrl: paths.tokens(),
    actionText: "View Tokens",
  });
}
