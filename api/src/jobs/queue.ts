// A small Postgres job queue (table app.jobs). A worker claims a job with FOR UPDATE SKIP LOCKED
// and holds it until locked_until (the visibility timeout); a worker that dies leaves the claim to
// expire, and the job is taken again, up to max_attempts. Enqueue inside the caller's transaction.
import type { PrismaClient } from "../db/prisma";

export interface ClaimedJob<T> {
  id: bigint;
  queue: string;
  payload: T;
  attempts: number;
  maxAttempts: number;
}

type Tx = Pick<PrismaClient, "$executeRaw" | "$queryRaw">;

export async function enqueue(db: Tx, queue: string, payload: unknown, maxAttempts = 3): Promise<void> {
  await db.$executeRaw`INSERT INTO "app"."jobs" ("queue", "payload", "max_attempts") VALUES (${queue}, ${JSON.stringify(payload)}::jsonb, ${maxAttempts})`;
}

/**
 * Takes the oldest runnable job: queued, or active with an expired claim. `attempts` counts this
 * claim, so a job taken after `maxAttempts` crashes has `attempts > maxAttempts`: the caller fails it.
 */
export async function claim<T>(prisma: PrismaClient, queue: string, visibilityMs: number): Promise<ClaimedJob<T> | null> {
  const rows = await prisma.$queryRaw<{ id: bigint; queue: string; payload: T; attempts: number; max_attempts: number }[]>`
    UPDATE "app"."jobs" SET "state" = 'active', "attempts" = "attempts" + 1,
      "locked_until" = now() + (${visibilityMs}::int * interval '1 millisecond')
    WHERE "id" = (
      SELECT "id" FROM "app"."jobs"
      WHERE "queue" = ${queue} AND "run_after" <= now()
        AND ("state" = 'queued' OR ("state" = 'active' AND "locked_until" < now()))
      ORDER BY "id" LIMIT 1 FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "queue", "payload", "attempts", "max_attempts"`;
  const row = rows[0];
  return row ? { id: row.id, queue: row.queue, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts } : null;
}

/** Marks claimed jobs done (or failed); only while the claim is ours (same attempt). */
export async function finish(db: Tx, job: ClaimedJob<unknown>, state: "completed" | "failed", error?: string): Promise<void> {
  await db.$executeRaw`UPDATE "app"."jobs" SET "state" = ${state}, "finished_at" = now(), "locked_until" = NULL, "last_error" = ${error ?? null}
    WHERE "id" = ${job.id} AND "attempts" = ${job.attempts}`;
}

/** Puts a job back for a later attempt (a transient failure), after `delayMs`. */
export async function release(db: Tx, job: ClaimedJob<unknown>, error: string, delayMs: number): Promise<void> {
  await db.$executeRaw`UPDATE "app"."jobs" SET "state" = 'queued', "locked_until" = NULL, "last_error" = ${error},
      "run_after" = now() + (${delayMs}::int * interval '1 millisecond')
    WHERE "id" = ${job.id} AND "attempts" = ${job.attempts}`;
}

/**
 * Extends a claim that is still ours (same attempt, still active): a worker calls it while a long
 * job runs, so that the claim does not expire and another worker does not take the job meanwhile.
 */
export async function extend(db: Tx, job: ClaimedJob<unknown>, visibilityMs: number): Promise<boolean> {
  const updated = await db.$executeRaw`UPDATE "app"."jobs" SET "locked_until" = now() + (${visibilityMs}::int * interval '1 millisecond')
    WHERE "id" = ${job.id} AND "attempts" = ${job.attempts} AND "state" = 'active'`;
  return updated > 0;
}
