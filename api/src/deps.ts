import type { ChainClients } from "./chain/clients";
import type { AppConfig } from "./config";
import type { PrismaClient } from "./db/prisma";
import type { NotificationHub } from "./features/notifications/notification-hub";
import type { Mailer } from "./mail/mailer";
import type { Storage } from "./storage/storage";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Everything the app talks to, built by main.ts (or by a test with its own instances). */
export type PayoutStep = "intent-committed" | "attempt-stored" | "broadcast" | "receipt" | "result-committing" | "result-committed";

export interface AppDeps {
  config: AppConfig;
  prisma: PrismaClient;
  mailer: Mailer;
  chains: ChainClients;
  /** Uploaded audio and its artefacts. */
  storage: Storage;
  /** Called after a loop is queued for processing (wakes the in-process worker). */
  onLoopQueued?: () => void;
  /** Called after a notification to all users is queued (wakes the in-process broadcast worker). */
  onBroadcastQueued?: () => void;
  /** Live delivery for GET /api/notifications/stream (503 without it). */
  notificationHub?: NotificationHub;
  logger?: Logger;
  /**
   * Tests: called at each step of a LOOP payout (payout-sender.ts). Throwing there stops the
   * payout as a crash of the API at that line would: nothing after it runs, nothing is undone.
   */
  payoutProbe?: (step: PayoutStep, withdrawalId: string) => void | Promise<void>;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error ?? ""),
};
