// `pnpm --filter @loop/api db:snapshot`: writes api/prisma/schema.sql, the live functions, triggers,
// views, indexes and tables, from a new database with every migration applied on the same throw-away
// Postgres the API tests use (test/support/scratch-postgres.ts; TEST_DATABASE_URL's server when set).
// Run it after adding a migration; test/schema-snapshot.test.ts fails until the file matches.
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrate } from "../src/db/migrate";
import { buildSchemaSnapshot } from "../src/db/schema-snapshot";
import { startScratchPostgres } from "../test/support/scratch-postgres";
import { databaseUrl } from "../test/support/urls";

const output = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../prisma/schema.sql");

async function main(): Promise<void> {
  const server = await startScratchPostgres();
  const database = `loop_schema_snapshot_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${database}"`);
    const url = databaseUrl(server.url, database);
    const { applied } = await migrate({ databaseUrl: url });
    const text = await buildSchemaSnapshot(url);
    await writeFile(output, text);
    console.log(`db:snapshot: ${applied.length} migrations applied, wrote ${path.relative(process.cwd(), output)}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
    await admin.end();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`db:snapshot: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
