import { createChainClients } from "./chain/clients";
import { loadConfig } from "./config";
import { migrate } from "./db/migrate";
import { createPgListener } from "./db/pg-listener";
import { createPrisma } from "./db/prisma";
import { consoleLogger as logger, type AppDeps } from "./deps";
import { createNotificationHub } from "./features/notifications/notification-hub";
import { createSmtpMailer } from "./mail/mailer";
import { queuedJobHooks, startApiRole } from "./roles/api-role";
import { hasRole } from "./roles/roles";
import { startWorkerHealthServer } from "./roles/worker-health";
import { startWorkerRole } from "./roles/worker-role";
import { openStorage } from "./storage/open-storage";

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const runsApi = hasRole(config.roles, "api");
  const runsWorker = hasRole(config.roles, "worker");
  logger.info(`roles: ${config.roles.join(", ")} (LOOP_ROLES)`);
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
  if (migrated.rechecked.length)
    logger.info(`migrate: recorded the current checksum of ${migrated.rechecked.join(", ")} (comments edited)`);

  const prisma = createPrisma(config.databaseUrl);
  const mailer = createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  // One LISTEN connection for this process's roles: catalog changes and the live notification
  // streams (api), queued jobs (worker). It is stopped last, after the roles that listen on it.
  const listener = createPgListener({ databaseUrl: config.databaseUrl, logger });
  const notificationHub = runsApi ? createNotificationHub({ listener, prisma, logger }) : undefined;
  const deps: AppDeps = { config, prisma, mailer, chains: createChainClients(config.chains), storage, notificationHub, logger };
  const worker = runsWorker ? startWorkerRole(deps, listener) : null;
  Object.assign(deps, queuedJobHooks(prisma, worker, logger));
  const exitOnServerError = (error: unknown) => {
    logger.error("api: server error", error);
    process.exit(1);
  };
  const api = runsApi ? await startApiRole(deps, listener) : null;
  api?.server.on("error", exitOnServerError);
  // A worker-only process serves no API, but answers its orchestrator's probes.
  const health = api
    ? null
    : await startWorkerHealthServer({ prisma, roles: config.roles, host: config.apiHost, port: config.workerHealthPort });
  if (health) logger.info(`worker: health probes on http://${config.apiHost}:${health.port}/health/live and /health/ready`);
  listener.start();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${config.roles.join(",")}: ${signal} received, shutting down`);
    health?.markStopping();
    // The API stops accepting and finishes its requests; the worker stops taking jobs and finishes
    // or puts back the one in hand. Then the shared connections close.
    void Promise.all([api?.stop(), worker?.stop()])
      .then(async () => {
        await listener.stop();
        await health?.close();
        mailer.close();
        await prisma.$disconnect();
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error("shutdown failed", error);
        process.exit(1);
      });
    setTimeout(() => {
      logger.warn("still busy after the grace period (requests or a job in hand), closing");
      api?.dropConnections();
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
