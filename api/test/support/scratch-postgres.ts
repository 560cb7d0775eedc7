// A throw-away Postgres server: the tests' (global-setup.ts) and `pnpm --filter @loop/api db:snapshot`'s
// (scripts/schema-snapshot.ts), so that the snapshot is made on the same Postgres the tests compare it on.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { freePort } from "./ports";

type StartEmbeddedPostgres = (options: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
}) => Promise<{ url: string; stop: () => Promise<void> }>;

export interface ScratchPostgres {
  /** A URL of the server whose role may create databases. */
  url: string;
  stop: () => Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Embedded Postgres in a temporary directory, or the server of TEST_DATABASE_URL when it is set (then left running). */
export async function startScratchPostgres(): Promise<ScratchPostgres> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  const launcher = pathToFileURL(path.resolve(here, "../../../scripts/lib/embedded-postgres.mjs")).href;
  const { startEmbeddedPostgres } = (await import(launcher)) as { startEmbeddedPostgres: StartEmbeddedPostgres };
  // Postgres runs as the OS user `postgres` when we are root: the data dir's parent must be reachable.
  const root = mkdtempSync(path.join(os.tmpdir(), "loop-api-test-"));
  const server = await startEmbeddedPostgres({ dataDir: path.join(root, "data"), port: await freePort(), database: "postgres" });
  // A throw-away cluster: no waiting on the disk for durability. Every test file creates and drops
  // a database (a checkpoint each, ~0.25 s with fsync) and commits often.
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    for (const setting of ["fsync", "synchronous_commit", "full_page_writes"]) await admin.query(`ALTER SYSTEM SET ${setting} = off`);
    await admin.query("SELECT pg_reload_conf()");
  } finally {
    await admin.end();
  }
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
