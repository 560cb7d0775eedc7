import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Express } from "express";
import request from "supertest";
import { inject } from "vitest";
import { createApp } from "../../src/app";
import { createChainClients } from "../../src/chain/clients";
import { loadConfig, type AppConfig } from "../../src/config";
import { createPgListener, type PgListener } from "../../src/db/pg-listener";
import type { AppDeps, Logger, TestHooks } from "../../src/deps";
import { createNotificationHub } from "../../src/features/notifications/notification-hub";
import { startLoopWorker, type LoopWorker, type LoopWorkerOptions } from "../../src/jobs/loop-worker";
import { createSmtpMailer, type Mailer } from "../../src/mail/mailer";
import { openStorage } from "../../src/storage/open-storage";
import type { Storage } from "../../src/storage/storage";
import { createTestDatabase, truncateAll, type TestDatabase } from "./database";

export const APP_ORIGIN = "http://localhost:5173";

/** Quiet, but failures stay visible (in one line) in the test output. */
export const testLogger: Logger = {
  info: () => {},
  warn: () => {},
  error: (message, error) => console.error(message, error instanceof Error ? `${error.name}: ${error.message}` : error),
};

export interface TestApp {
  app: Express;
  config: AppConfig;
  /** What the app was built with (for workers a test starts itself). */
  deps: AppDeps;
  /** The app's test hooks (deps.ts): set one, and the routes use it from the next request. */
  testHooks: TestHooks;
  db: TestDatabase;
  /** This app's LISTEN connection (the notification hub's); stopped by close(). */
  listener: PgListener;
  /** Local disk storage in a temporary FILES_DIR, removed by close() (or S3, when env says STORAGE_DRIVER=s3). */
  storage: Storage;
  /** Starts an audio worker on this app's database and storage (stopped by close()). */
  startWorker(options?: Partial<Pick<LoopWorkerOptions, "visibilityMs" | "pollMs" | "afterClaim">>): LoopWorker;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment variables read by loadConfig (SMTP_URL, OIDC_*, RATE_LIMIT_*...). */
  env?: Record<string, string>;
  mailer?: Mailer;
  db?: TestDatabase;
  /** Empty the tables first (truncateAll): no seeded genres, users nor loops. */
  empty?: boolean;
  /** Instead of the quiet test logger. */
  logger?: Logger;
  /** Instead of waking this app's workers (startWorker) when a loop is queued. */
  onLoopQueued?: () => void;
  /** Called when a notification to all users is queued (nothing by default). */
  onBroadcastQueued?: () => void;
}

/** The real app on its own database, configured through the same env variables as production. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase());
  if (options.empty) await truncateAll(db.prisma);
  const filesDir = mkdtempSync(path.join(os.tmpdir(), "loop-files-"));
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: APP_ORIGIN,
    DATABASE_URL: db.url,
    CHAIN_IDS: "31337",
    RPC_URL_31337: inject("rpcUrl"),
    // Nothing listens there: tests that send mail pass their own SMTP server.
    SMTP_URL: "smtp://127.0.0.1:9",
    RATE_LIMIT_WALLET_SIGNIN_PER_IP: "10000",
    RATE_LIMIT_EMAIL_LINK_PER_IP: "10000",
    RATE_LIMIT_EMAIL_LINK_PER_ADDRESS: "10000",
    RATE_LIMIT_EMAIL_VERIFY_PER_IP: "10000",
    FILES_DIR: filesDir,
    ...options.env,
  });
  const mailer = options.mailer ?? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const storage = await openStorage(config.storage);
  const workers: LoopWorker[] = [];
  // The process's one LISTEN connection, as main.ts makes it; it connects on the first
  // GET /api/notifications/stream (or the first ready() of a test) only.
  const listener = createPgListener({ databaseUrl: db.url, logger: testLogger, minBackoffMs: 100, maxBackoffMs: 1000 });
  const notificationHub = createNotificationHub({ listener, prisma: db.prisma, logger: testLogger });
  const deps: AppDeps = {
    config,
    prisma: db.prisma,
    mailer,
    chains: createChainClients(config.chains),
    storage,
    onLoopQueued: options.onLoopQueued ?? (() => workers.forEach((worker) => worker.wake())),
    onBroadcastQueued: options.onBroadcastQueued,
    notificationHub,
    logger: options.logger ?? testLogger,
  };
  const testHooks: TestHooks = {};
  const app = createApp(deps, testHooks);
  return {
    app,
    config,
    deps,
    testHooks,
    db,
    listener,
    storage,
    startWorker(workerOptions = {}) {
      const worker = startLoopWorker({
        prisma: db.prisma,
        storage,
        logger: testLogger,
        visibilityMs: config.jobVisibilityMs,
        pollMs: 200,
        ...workerOptions,
      });
      workers.push(worker);
      return worker;
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await notificationHub.stop();
      await listener.stop();
      rmSync(filesDir, { recursive: true, force: true });
      mailer.close();
      if (!options.db) await db.drop();
    },
  };
}

/** A cookie-keeping client that sends the app's Origin, as the web app in a browser does. */
export function browser(app: Express) {
  const agent = request.agent(app);
  agent.set("Origin", APP_ORIGIN);
  return agent;
}

/** The value of a Set-Cookie header for `name`, or undefined. */
export function setCookie(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? (header as string[]) : typeof header === "string" ? [header] : [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}
