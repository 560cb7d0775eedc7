// Waking the workers of other processes: a process that queues a job (./queue.ts) announces it on
// the Postgres channel `jobs_queued` (the payload names the queue), and every worker process
// LISTENs (db/pg-listener.ts) and polls that queue at once. Only a speed-up: the job is in
// app.jobs already, and each worker's poller still looks every poll interval, whatever was missed.
import { notify, type PgListener } from "../db/pg-listener";
import type { PrismaClient } from "../db/prisma";
import type { Logger } from "../deps";

export const JOBS_CHANNEL = "jobs_queued";

/** After the job's transaction committed: wakes the workers listening for `queue`, in any process. */
export function announceQueuedJob(prisma: PrismaClient, queue: string, logger?: Logger): void {
  notify(prisma, JOBS_CHANNEL, queue).catch((error: unknown) =>
    logger?.warn(
      `jobs: could not announce a ${queue} job (workers find it at their next poll): ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
}

/** Wakes `wakers[queue]` when a job of that queue is announced, and every waker after a gap. */
export function listenForQueuedJobs(listener: PgListener, wakers: Record<string, () => void>): void {
  listener.listen(JOBS_CHANNEL, {
    message: (queue) => (Object.hasOwn(wakers, queue) ? wakers[queue]!() : undefined),
    gap: () => Object.values(wakers).forEach((wake) => wake()),
  });
}
