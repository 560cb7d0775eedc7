import type { AddressInfo } from "node:net";
import { createApp } from "./app";
import { createChainClients } from "./chain/clients";
import { loadConfig } from "./config";
import { migrate } from "./db/migrate";
import { createPrisma } from "./db/prisma";
import { consoleLogger as logger } from "./deps";
import { startBroadcastWorker } from "./features/admin/notification-broadcast";
import { deleteExpiredSessions } from "./features/auth/session.service";
import { releaseDueHolds } from "./features/ledger/timed-holds";
import { expireNegotiations } from "./features/negotiations/expire-negotiations";
import { createNotificationHub } from "./features/notifications/notification-hub";
import { startSettlementWorker } from "./features/settlement/settlement-worker";
import { startUploadRewardSweeper } from "./features/upload-rewards/upload-reward-sweeper";
import { startPayoutReconciler } from "./features/withdrawals/payout-reconciler";
import { startLoopWorker } from "./jobs/loop-worker";
import { createSmtpMailer } from "./mail/mailer";
import { openStorage } from "./storage/open-storage";

const SHUTDOWN_GRACE_MS = 10_000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** Offers past their 7 days are closed (holds released) within a minute. */
const OFFER_EXPIRY_INTERVAL_MS = 60 * 1000;
/** Card and PayPal sale proceeds whose hold ended become available within a minute (every replica runs it: SKIP LOCKED). */
const HOLD_RELEASE_INTERVAL_MS = 60 * 1000;

async function main(): Promise<void> {
  const config = loadConfig();
  for (const chain of config.chains) {
    if (chain.contracts)
      logger.info(
        `contracts: chain ${chain.id} LoopToken ${chain.contracts.token}, LoopMarketplace ${chain.contracts.marketplace}, LoopVault ${chain.contracts.vault}`,
      );
    else
      logger.warn(
        `contracts: no deployment manifest for chain ${chain.id} in ${config.deploymentsDir}; /api/config serves contracts: null`,
      );
  }
  // A missing bucket or refused keys stop the start here, before anything else is touched.
  const storage = await openStorage(config.storage);
  logger.info(
    `storage: ${config.storage.driver === "s3" ? `S3 bucket "${config.storage.bucket}" at ${config.storage.endpoint?.origin ?? `AWS ${config.storage.region}`}` : config.storage.filesDir}`,
  );
  // The API never runs against an older schema: pending migrations apply first (under a lock,
  // so replicas starting together are safe). Demo data is `pnpm --filter @loop/api migrate`'s job.
  const migrated = await migrate({ databaseUrl: config.databaseUrl });
  if (migrated.applied.length) logger.info(`migrate: applied ${migrated.applied.join(", ")}`);

  const prisma = createPrisma(config.databaseUrl);
  const mailer = createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  // Uploaded audio is processed in this process, off the request path (worker threads).
  const worker = startLoopWorker({ prisma, storage, logger, visibilityMs: config.jobVisibilityMs });
  // Notifications sent to every user are fanned out by their own job, in batches.
  const broadcasts = startBroadcastWorker({ prisma, logger, visibilityMs: config.jobVisibilityMs });
  // One LISTEN connection for the live notification streams of this process.
  const notificationHub = createNotificationHub({ databaseUrl: config.databaseUrl, prisma, logger });
  notificationHub.start();
  const deps = {
    config,
    prisma,
    mailer,
    chains: createChainClients(config.chains),
    storage,
    onLoopQueued: worker.wake,
    onBroadcastQueued: broadcasts.wake,
    notificationHub,
    logger,
  };
  const app = createApp(deps);
  // Indexed chain events (deposits, payouts, …) applied once each; see features/settlement.
  const settlement = config.settlement.enabled ? startSettlementWorker(deps) : null;
  // LOOP payouts whose outcome a crash or a failing RPC hid are settled by what the chain records.
  const payouts = config.operatorPrivateKey ? startPayoutReconciler(deps) : null;
  // Uploads that stayed listed for the moderation window earn their reward (every replica: SKIP LOCKED).
  const uploadRewards = startUploadRewardSweeper(deps);

  const server = app.listen(config.apiPort, config.apiHost, () => {
    const { address, port } = server.address() as AddressInfo;
    logger.info(`api: listening on http://${address}:${port} (app ${config.appUrl.origin}, ${config.nodeEnv})`);
  });
  server.on("error", (error) => {
    logger.error("api: server error", error);
    process.exit(1);
  });

  const cleanup = setInterval(() => {
    deleteExpiredSessions(prisma).catch((error: unknown) => logger.error("api: session cleanup failed", error));
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  const offerExpiry = setInterval(() => {
    expireNegotiations(prisma)
      .then((count) => (count > 0 ? logger.info(`api: ${count} offer(s) expired`) : undefined))
      .catch((error: unknown) => logger.error("api: offer expiry failed", error));
  }, OFFER_EXPIRY_INTERVAL_MS);
  offerExpiry.unref();
  const holdRelease = setInterval(() => {
    releaseDueHolds(prisma)
      .then((count) => (count > 0 ? logger.info(`api: ${count} held sale proceeds released`) : undefined))
      .catch((error: unknown) => logger.error("api: releasing held proceeds failed", error));
  }, HOLD_RELEASE_INTERVAL_MS);
  holdRelease.unref();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`api: ${signal} received, shutting down`);
    clearInterval(cleanup);
    clearInterval(offerExpiry);
    clearInterval(holdRelease);
    // Open event streams would hold the server open: end them (browsers reconnect to another instance).
    const hubStopped = notificationHub.stop();
    // Finish requests in flight; idle keep-alive connections are closed at once.
    server.close(async () => {
      await hubStopped;
      await Promise.all([worker.stop(), broadcasts.stop(), settlement?.stop(), payouts?.stop(), uploadRewards.stop()]);
      mailer.close();
      await prisma.$disconnect();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn("api: requests still running after the grace period, closing them");
      server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  logger.error(`api: failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
