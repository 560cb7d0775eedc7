// Starts what the API talks to for real: Postgres (embedded unless TEST_DATABASE_URL is given)
// with a migrated template database, and a Hardhat node; compiles the contracts that test files
// deploy (deploy-contracts.ts) and bundles the API that tests run as processes (api-bundle.ts).
// Every test file then gets its own database copied from the template (see database.ts), so files
// run in parallel.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate } from "../../src/db/migrate";
import { bundleApi } from "./api-bundle";
import { compileContracts } from "./deploy-contracts";
import { startHardhatNode } from "./hardhat-node";
import { freePort } from "./ports";
import { databaseUrl } from "./urls";

declare module "vitest" {
  export interface ProvidedContext {
    /** A URL of the test Postgres server whose role may create databases. */
    postgresUrl: string;
    /** Migrated, empty database that test databases are copied from. */
    templateDatabase: string;
    rpcUrl: string;
    /** The bundled src/main.ts that api-processes.ts runs (api-bundle.ts). */
    apiBundle: string;
  }
}

type StartEmbeddedPostgres = (options: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
}) => Promise<{ url: string; stop: () => Promise<void> }>;

const here = path.dirname(fileURLToPath(import.meta.url));

async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
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

export default async function setup(project: TestProject) {
  const started = await Promise.allSettled([startPostgres(), startHardhatNode(), bundleApi(), compileContracts()] as const);
  const [postgresStart, chainStart, bundleStart] = started;
  if (
    postgresStart.status === "rejected" ||
    chainStart.status === "rejected" ||
    bundleStart.status === "rejected" ||
    started[3].status === "rejected"
  ) {
    // Stop what did start (the Hardhat node is detached: it would outlive the run).
    await Promise.all([postgresStart, chainStart].map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)));
    if (bundleStart.status === "fulfilled") bundleStart.value.remove();
    throw started.find((result): result is PromiseRejectedResult => result.status === "rejected")!.reason;
  }
  const [postgres, chain, bundle] = [postgresStart.value, chainStart.value, bundleStart.value];
  const templateDatabase = `loop_api_template_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${templateDatabase}"`);
  await migrate({ databaseUrl: databaseUrl(postgres.url, templateDatabase) });

  project.provide("postgresUrl", postgres.url);
  project.provide("templateDatabase", templateDatabase);
  project.provide("rpcUrl", chain.url);
  project.provide("apiBundle", bundle.main);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${templateDatabase}" WITH (FORCE)`).catch(() => {});
    await admin.end();
    await Promise.all([chain.stop(), postgres.stop()]);
    bundle.remove();
  };
}
