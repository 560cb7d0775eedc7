// The `api` role (LOOP_ROLES, ./roles.ts): serves HTTP, listens for other processes' catalog and
// member changes, and runs the light sweeps every replica may run at once (expired sessions and rate limit
// rows, offer expiry, hold release: idempotent SQL or SKIP LOCKED; the upload reward sweep: SKIP
// LOCKED and the loop's idempotency key). Jobs it queues are announced to the worker processes.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "../app";
import type { PgListener } from "../db/pg-listener";
import type { PrismaClient } from "../db/prisma";
import type { AppDeps, Logger } from "../deps";
import { BROADCAST_QUEUE } from "../features/admin/notification-broadcast";
import { deleteExpiredSessions } from "../features/auth/session.service";
import { releaseDueHolds } from "../features/ledger/timed-holds";
import { listenForCatalogChanges } from "../features/loops/catalog-cache";
import { listenForMemberChanges } from "../db/member-changes";
import { purgeRemovedLoopFiles } from "../features/loops/purge-removed-loops";
import { expireNegotiations } from "../features/negotiations/expire-negotiations";
import { startUploadRewardSweeper } from "../features/upload-rewards/upload-reward-sweeper";
import { deleteExpiredRateLimitHits } from "../http/postgres-rate-limit-store";
import { announceQueuedJob } from "../jobs/job-wakeups";
import { PROCESS_LOOP } from "../jobs/loop-worker";
import type { WorkerRole } from "./worker-role";

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long an idle keep-alive connection stays open: longer than the clients and proxies in front
 * keep theirs (60 s for most load balancers). With Node's 5 s, a client that reused a connection as
 * the server closed it got ECONNRESET for a request it had sent (`pnpm bench scale` saw two under
 * load). The headers' deadline must be longer still (Node's rule).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The API's server keeps idle connections KEEP_ALIVE_TIMEOUT_MS. */
export function keepConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
/** Rate limit rows whose window ended count for nothing; they are deleted every 10 minutes. */
const RATE_LIMIT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Offers past their 7 days are closed (holds released) within a minute. */
const OFFER_EXPIRY_INTERVAL_MS = 60 * 1000;
/** Card and PayPal sale proceeds whose hold ended become available within a minute (every replica runs it: SKIP LOCKED). */
const HOLD_RELEASE_INTERVAL_MS = 60 * 1000;
/** Removed loops whose last holder is gone lose their files (features/loops/purge-removed-loops.ts). */
const REMOVED_FILES_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * AppDeps' onLoopQueued and onBroadcastQueued: wake this process's worker when it has one, and
 * announce the job to every worker process (jobs/job-wakeups.ts).
 */
export function queuedJobHooks(
  prisma: PrismaClient,
  localWorker: Pick<WorkerRole, "wakeLoops" | "wakeBroadcasts"> | null,
  logger?: Logger,
): Pick<AppDeps, "onLoopQueued" | "onBroadcastQueued"> {
  return {
    onLoopQueued: () => {
      localWorker?.wakeLoops();
      announceQueuedJob(prisma, PROCESS_LOOP, logger);
    },
    onBroadcastQueued: () => {
      localWorker?.wakeBroadcasts();
      announceQueuedJob(prisma, BROADCAST_QUEUE, logger);
    },
  };
}

export interface ApiRole {
  readonly server: Server;
  /**
   * Graceful: stops accepting connections, ends the notification streams (browsers reconnect to
   * another instance), lets the requests in flight finish, stops the sweeps.
   */
  stop(): Promise<void>;
  /** After the grace period: closes the connections still open. */
  dropConnections(): void;
}

export async function startApiRole(deps: AppDeps, listener: PgListener): Promise<ApiRole> {
  const { config, prisma, logger } = deps;
  // Another process's catalog change drops this process's cached pages (features/loops/catalog-cache.ts).
  listenForCatalogChanges(listener, prisma);
  listenForMemberChanges(listener, prisma);
  const app = createApp(deps);

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.apiPort, config.apiHost, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  keepConnectionsOpen(server);
  const { address, port } = server.address() as AddressInfo;
  // Once stopping, every answer closes its connection (Connection: close): a client that keeps its
  // keep-alive connection busy (a load balancer under load) would otherwise hold the server open
  // until the grace period, and lose the requests then in flight. An answer under way when the stop
  // begins is told too, or, when its headers are out already, its connection is closed once idle.
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) {
      res.shouldKeepAlive = false;
      return;
    }
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  logger?.info(`api: listening on http://${address}:${port} (app ${config.appUrl.origin}, ${config.nodeEnv})`);

  const every = (intervalMs: number, pass: () => Promise<void>) => {
    const timer = setInterval(() => void pass(), intervalMs);
    timer.unref();
    return timer;
  };
  const timers = [
    every(CLEANUP_INTERVAL_MS, () =>
      deleteExpiredSessions(prisma)
        .then(() => undefined)
        .catch((error: unknown) => logger?.error("api: session cleanup failed", error)),
    ),
    every(RATE_LIMIT_SWEEP_INTERVAL_MS, () =>
      deleteExpiredRateLimitHits(prisma)
        .then(() => undefined)
        .catch((error: unknown) => logger?.error("api: rate limit cleanup failed", error)),
    ),
    every(OFFER_EXPIRY_INTERVAL_MS, () =>
      expireNegotiations(prisma)
        .then((count) => (count > 0 ? logger?.info(`api: ${count} offer(s) expired`) : undefined))
        .catch((error: unknown) => logger?.error("api: offer expiry failed", error)),
    ),
    every(REMOVED_FILES_SWEEP_INTERVAL_MS, () =>
      purgeRemovedLoopFiles(prisma, deps.storage)
        .then((count) => (count > 0 ? logger?.info(`api: the files of ${count} loop(s) taken down were deleted`) : undefined))
        .catch((error: unknown) => logger?.error("api: deleting the files of loops taken down failed", error)),
    ),
    every(HOLD_RELEASE_INTERVAL_MS, () =>
      releaseDueHolds(prisma)
        .then((count) => (count > 0 ? logger?.info(`api: ${count} held sale proceeds released`) : undefined))
        .catch((error: unknown) => logger?.error("api: releasing held proceeds failed", error)),
    ),
  ];
  // Uploads that stayed listed for the moderation window earn their reward (every replica: SKIP LOCKED).
  const uploadRewards = startUploadRewardSweeper(deps);

  return {
    server,
    async stop() {
      stopping = true;
      for (const res of inFlight) {
        if (!res.headersSent) res.shouldKeepAlive = false;
        else res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
      }
      timers.forEach((timer) => clearInterval(timer));
      // Open event streams would hold the server open: end them.
      const hubStopped = deps.notificationHub?.stop();
      // Finish requests in flight; idle keep-alive connections are closed at once.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      await Promise.all([hubStopped, uploadRewards.stop()]);
    },
    dropConnections() {
      server.closeAllConnections();
    },
  };
}
