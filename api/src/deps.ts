import type { ChainClients } from "./chain/clients";
import type { AppConfig } from "./config";
import type { PrismaClient } from "./db/prisma";
import type { CardCheckout } from "./features/cards/card-checkout.service";
import type { NotificationHub } from "./features/notifications/notification-hub";
import type { PaypalCheckout } from "./features/paypal/paypal.service";
import type { RateLimiters } from "./http/rate-limit";
import type { Mailer } from "./mail/mailer";
import type { Storage } from "./storage/storage";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export type PayoutStep = "intent-committed" | "attempt-stored" | "broadcast" | "receipt" | "result-committing" | "result-committed";

/**
 * Hooks only tests set, passed explicitly (createApp's second argument, or the service's last) and
 * never part of AppDeps. The object is the test's: what it changes later reaches the routes.
 */
export interface TestHooks {
  /**
   * Called at each step of a LOOP payout (payout-sender.ts). Throwing there stops the payout as a
   * crash of the API at that line would: nothing after it runs, nothing is undone.
   */
  payoutProbe?: (step: PayoutStep, withdrawalId: string) => void | Promise<void>;
}

/** Everything the app talks to, built by main.ts (or by a test with its own instances). */
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
}

/**
 * What every router factory gets, `(deps: RouterDeps)`: AppDeps and what createApp (app.ts) makes
 * of them once per app, so that each is shared by the routers that use it: the card and PayPal
 * checkouts (their providers' clients) and the rate limiters (one budget per limit, e.g. sign-in
 * links and e-mail changes share theirs). A copy: createApp leaves the AppDeps it is given as it was.
 */
export interface RouterDeps extends AppDeps {
  cards: CardCheckout;
  paypal: PaypalCheckout;
  limits: RateLimiters;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error ?? ""),
};
