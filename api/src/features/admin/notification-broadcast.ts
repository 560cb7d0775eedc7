// A notification to every user (POST /api/admin/notifications with userId "all"): the request
// stores a NotificationBroadcast and queues a job in one transaction; the job fans it out in
// batches, each one transaction that inserts the copies of the next users by id (after the
// broadcast's cursor) and advances the cursor and the recipients count. A crash loses at most the
// batch in progress (rolled back; the retried job goes on from the cursor), and the unique
// (broadcast_id, user_id) key makes a repeated batch insert nothing twice. Banned users get none.
import type { PrismaClient } from "../../db/prisma";
import type { Logger } from "../../deps";
import { extend, finish, release, type ClaimedJob } from "../../jobs/queue";
import { startQueuePoller } from "../../jobs/queue-poller";
import { TX_QUEUED_BATCH } from "../../db/transactions";

export const BROADCAST_QUEUE = "notification.broadcast";
export const BROADCAST_BATCH_SIZE = 5_000;
/** Progress is kept per batch, so a retry costs little: try again a few times before giving up. */
export const BROADCAST_MAX_ATTEMPTS = 10;

export interface BroadcastPayload {
  broadcastId: string;
}

export interface BatchResult {
  /** Users looked at in this batch (inserted or already there). */
  seen: number;
  inserted: number;
  done: boolean;
}

/**
 * One batch of the broadcast's fan-out, in one transaction (the broadcast row locked, so two
 * workers never run batches of one broadcast at once). Returns done when no user is left.
 */
export async function fanOutBatch(prisma: PrismaClient, broadcastId: string, batchSize = BROADCAST_BATCH_SIZE): Promise<BatchResult> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ status: string; cursor: string | null }[]>`
        SELECT "status", "cursor"::text AS "cursor" FROM "app"."notification_broadcasts" WHERE "id" = ${broadcastId}::uuid FOR UPDATE`;
    const broadcast = rows[0];
    if (!broadcast || broadcast.status === "done") return { seen: 0, inserted: 0, done: true };
    const [result] = await tx.$queryRaw<{ seen: bigint; inserted: bigint; last: string | null }[]>`
        WITH "batch" AS (
          SELECT "id" FROM "app"."users"
          WHERE NOT "is_banned" AND (${broadcast.cursor}::uuid IS NULL OR "id" > ${broadcast.cursor}::uuid)
          ORDER BY "id" LIMIT ${batchSize}
        ), "inserted" AS (
          INSERT INTO "app"."notifications" ("user_id", "type", "title", "message", "action_url", "action_text", "broadcast_id")
          SELECT b."id", n."type", n."title", n."message", n."action_url", n."action_text", n."id"
          FROM "batch" b CROSS JOIN "app"."notification_broadcasts" n WHERE n."id" = ${broadcastId}::uuid
          ON CONFLICT ("broadcast_id", "user_id") DO NOTHING
          RETURNING 1
        )
        SELECT (SELECT COUNT(*) FROM "batch")::bigint AS "seen", (SELECT COUNT(*) FROM "inserted")::bigint AS "inserted",
          (SELECT "id"::text FROM "batch" ORDER BY "id" DESC LIMIT 1) AS "last"`;
    const seen = Number(result!.seen);
    const inserted = Number(result!.inserted);
    const done = seen < batchSize;
    await tx.$executeRaw`
        UPDATE "app"."notification_broadcasts"
        SET "status" = ${done ? "done" : "sending"}, "cursor" = COALESCE(${result!.last}::uuid, "cursor"),
          "recipients" = "recipients" + ${inserted}, "finished_at" = ${done ? new Date() : null}
        WHERE "id" = ${broadcastId}::uuid`;
    return { seen, inserted, done };
  }, TX_QUEUED_BATCH);
}

/** Runs the broadcast's batches until it is done; `onBatch` runs after each committed batch. */
export async function fanOutBroadcast(
  prisma: PrismaClient,
  broadcastId: string,
  options: { batchSize?: number; onBatch?: (batch: BatchResult) => Promise<void> | void; shouldStop?: () => boolean } = {},
): Promise<boolean> {
  for (;;) {
    if (options.shouldStop?.()) return false;
    const batch = await fanOutBatch(prisma, broadcastId, options.batchSize);
    await options.onBatch?.(batch);
    if (batch.done) return true;
  }
}

export interface BroadcastWorkerOptions {
  prisma: PrismaClient;
  logger?: Logger;
  /** Claim length; renewed after every batch. */
  visibilityMs: number;
  pollMs?: number;
  batchSize?: number;
}

export interface BroadcastWorker {
  wake(): void;
  /** Stops after the batch in progress; the job is put back and continues from the cursor. */
  stop(): Promise<void>;
}

const RETRY_DELAY_MS = 5_000;

/** Claims `notification.broadcast` jobs (jobs/queue.ts) and fans each broadcast out. */
export function startBroadcastWorker(options: BroadcastWorkerOptions): BroadcastWorker {
  const { prisma, logger } = options;
  async function run(job: ClaimedJob<BroadcastPayload>): Promise<void> {
    if (job.attempts > job.maxAttempts) return finish(prisma, job, "failed", `gave up after ${job.maxAttempts} attempts`);
    try {
      const done = await fanOutBroadcast(prisma, job.payload.broadcastId, {
        batchSize: options.batchSize,
        shouldStop: () => !poller.running,
        onBatch: async () => {
          await extend(prisma, job, options.visibilityMs);
        },
      });
      if (done) await finish(prisma, job, "completed");
      else await release(prisma, job, "worker stopped", 0);
    } catch (error) {
      logger?.error(`broadcast worker: job ${job.id} attempt ${job.attempts} failed`, error);
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts >= job.maxAttempts) await finish(prisma, job, "failed", message);
      else await release(prisma, job, message, RETRY_DELAY_MS);
    }
  }

  const poller = startQueuePoller<BroadcastPayload>({
    prisma,
    queue: BROADCAST_QUEUE,
    visibilityMs: options.visibilityMs,
    pollMs: options.pollMs ?? 1_000,
    name: "broadcast worker",
    logger,
    run,
  });

  return {
    wake: poller.wake,
    async stop() {
      poller.halt();
      await poller.done;
    },
  };
}
