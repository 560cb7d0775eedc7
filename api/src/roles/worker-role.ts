// The `worker` role (LOOP_ROLES, ./roles.ts): the background work of an API process. The audio job
// worker and the broadcast worker claim their jobs from app.jobs (SKIP LOCKED: any number of worker
// processes share the queues) and are woken by jobs_queued announcements (jobs/job-wakeups.ts)
// besides their own polling; the settlement worker (SETTLEMENT_ENABLED) applies indexed chain
// events; the payout reconciler (OPERATOR_PRIVATE_KEY) settles LOOP payouts a crash left open; the
// money-health sampler writes each chain's reserve and liability once an hour (admin analytics).
import type { PgListener } from "../db/pg-listener";
import type { AppDeps } from "../deps";
import { startMoneyHealthSampler } from "../features/admin/money-health-sampler";
import { BROADCAST_QUEUE, startBroadcastWorker } from "../features/admin/notification-broadcast";
import { startSettlementWorker } from "../features/settlement/settlement-worker";
import { startPayoutReconciler } from "../features/withdrawals/payout-reconciler";
import { listenForQueuedJobs } from "../jobs/job-wakeups";
import { PROCESS_LOOP, startLoopWorker } from "../jobs/loop-worker";

export interface WorkerRole {
  /** Polls the audio queue now (a loop was queued in this process). */
  wakeLoops(): void;
  /** Polls the broadcast queue now. */
  wakeBroadcasts(): void;
  /**
   * Graceful: stops taking jobs; the audio job in hand is stopped and put back at once for another
   * worker (its claim released), a broadcast stops after its batch (it goes on from its cursor),
   * the settlement, payout and money-health passes in flight finish.
   */
  stop(): Promise<void>;
}

export interface WorkerRoleOptions {
  /** The queues' poll interval when nothing wakes them (default 1 s; tests make it long). */
  pollMs?: number;
}

export function startWorkerRole(deps: AppDeps, listener: PgListener, options: WorkerRoleOptions = {}): WorkerRole {
  const { config, prisma, storage, logger } = deps;
  // Uploaded audio is processed off the request path (worker threads).
  const loops = startLoopWorker({ prisma, storage, logger, visibilityMs: config.jobVisibilityMs, pollMs: options.pollMs });
  // Notifications sent to every user are fanned out by their own job, in batches.
  const broadcasts = startBroadcastWorker({ prisma, logger, visibilityMs: config.jobVisibilityMs, pollMs: options.pollMs });
  listenForQueuedJobs(listener, { [PROCESS_LOOP]: loops.wake, [BROADCAST_QUEUE]: broadcasts.wake });
  // Indexed chain events (deposits, payouts, …) applied once each; see features/settlement.
  const settlement = config.settlement.enabled ? startSettlementWorker(deps) : null;
  // LOOP payouts whose outcome a crash or a failing RPC hid are settled by what the chain records.
  const payouts = config.operatorPrivateKey ? startPayoutReconciler(deps) : null;
  // The vault's reserve beside the ledger's liability, per chain and hour: a sample at start, then each hour.
  const moneyHealth = startMoneyHealthSampler(deps);
  return {
    wakeLoops: loops.wake,
    wakeBroadcasts: broadcasts.wake,
    async stop() {
      await Promise.all([loops.stop(), broadcasts.stop(), settlement?.stop(), payouts?.stop(), moneyHealth.stop()]);
    },
  };
}
