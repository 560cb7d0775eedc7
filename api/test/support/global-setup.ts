// Starts what the API talks to for real: Postgres (embedded unless TEST_DATABASE_URL is given)
// with a migrated template database, and a Hardhat node; compiles the contracts that test files
// deploy (deploy-contracts.ts) and bundles the API that tests run as processes (api-bundle.ts).
// Every test file then gets its own database copied from the template (see database.ts), so files
// run in parallel.
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate } from "../../src/db/migrate";
import { bundleApi } from "./api-bundle";
import { compileContracts } from "./deploy-contracts";
import { startHardhatNode } from "./hardhat-node";
import { startScratchPostgres } from "./scratch-postgres";
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

export default async function setup(project: TestProject) {
  const started = await Promise.allSettled([startScratchPostgres(), startHardhatNode(), bundleApi(), compileContracts()] as const);
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
