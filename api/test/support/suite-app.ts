// The hooks of a suite on one test app: made before the first test, closed after the last.
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { checkLedger } from "../../src/features/ledger/ledger-check";
import { createTestDatabase, type TestDatabase } from "./database";
import { startSmtpServer } from "./smtp";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app";

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

type Options = TestAppOptions | (() => TestAppOptions);

/** A suite's app: `ready` gets it before the first test (returns a getter for it). */
export function suiteApp(ready: (app: TestApp) => void, options: Options = {}): () => TestApp {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(typeof options === "function" ? options() : options);
    ready(app);
  });
  afterAll(() => app.close());
  return () => app;
}

/** A suite's own migrated database, without an app: `ready` gets it before the first test; dropped after the last. */
export function suiteDatabase(ready: (db: TestDatabase) => void): void {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    ready(db);
  });
  afterAll(() => db.drop());
}

/** A suite's app whose ledger must check clean (ledger:check) after every test; `ready` gets it before the first. */
export function ledgerCheckedApp(ready: (app: TestApp) => void, options: Options = {}): void {
  const app = suiteApp(ready, options);
  afterEach(async () => {
    expect(await checkLedger(app().db.prisma)).toEqual([]);
  });
}

/**
 * A fake provider (Stripe, PayPal) for the suite, and the app options that point at it (`env`): `ready`
 * gets it before the first test. Registered before the app that calls it, it is closed after that app
 * (after-hooks run last registered first).
 */
export function suiteFake<T extends { close(): Promise<void> }>(
  start: () => Promise<T>,
  env: (fake: T) => Record<string, string>,
  ready: (fake: T) => void,
): () => TestAppOptions {
  let fake: T;
  beforeAll(async () => {
    fake = await start();
    ready(fake);
  });
  afterAll(() => fake.close());
  return () => ({ env: env(fake) });
}

/** A local SMTP server for the suite, stopped after the app that mails to it (`env` adds to SMTP_URL). */
function smtpOptions(env: Record<string, string>): { smtp: () => SmtpServer; options: () => TestAppOptions } {
  let smtp: SmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.stop());
  return { smtp: () => smtp, options: () => ({ env: { SMTP_URL: smtp.url, ...env } }) };
}

/** A suite's app sending its mail to a local SMTP server. */
export function appWithSmtp(ready: (app: TestApp, smtp: SmtpServer) => void, env: Record<string, string> = {}): void {
  const { smtp, options } = smtpOptions(env);
  suiteApp((app) => ready(app, smtp()), options);
}

/** As ledgerCheckedApp, the app sending its mail to a local SMTP server. */
export function ledgerCheckedAppWithSmtp(ready: (app: TestApp, smtp: SmtpServer) => void, env: Record<string, string> = {}): void {
  const { smtp, options } = smtpOptions(env);
  ledgerCheckedApp((app) => ready(app, smtp()), options);
}
