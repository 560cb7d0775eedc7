// Applies prisma/migrations/<name>/migration.sql folders that have not run yet.
// The Prisma CLI cannot run `migrate` offline (it needs its native schema engine), so this does
// the same job and keeps the same bookkeeping table, so that `prisma migrate status` agrees.
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** Prisma Migrate's own advisory lock key, so this and the Prisma CLI never run at once. */
const LOCK_KEY = 72707369;
const TABLE = `"app"."_prisma_migrations"`;

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
  /** Applied in the database but absent from the folder (for example an older build running). */
  unknown: string[];
  /** Applied in an earlier valid form (valid-checksums.txt): their current checksum is now recorded. */
  rechecked: string[];
}

export class MigrationError extends Error {}

interface Migration {
  name: string;
  sql: string;
  checksum: string;
  /**
   * Earlier checksums of the file that are the same migration: edits of its comments only, listed
   * by hand in `valid-checksums.txt` beside it (one sha256 per line, `#` starts a note), as
   * Liquibase's validCheckSum does. A database that applied an earlier form gets the current
   * checksum written (as Flyway's repair does), so `prisma migrate status` agrees afterwards.
   */
  validChecksums: ReadonlySet<string>;
}

const VALID_CHECKSUMS_FILE = "valid-checksums.txt";

function parseValidChecksums(text: string): Set<string> {
  const sums = new Set<string>();
  for (const line of text.split("\n")) {
    const sum = line.replace(/#.*/, "").trim();
    if (!sum) continue;
    if (!/^[0-9a-f]{64}$/.test(sum)) throw new MigrationError(`${VALID_CHECKSUMS_FILE}: not a sha256 checksum: "${sum}"`);
    sums.add(sum);
  }
  return sums;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

/** prisma/migrations, found from this module whether it runs from src/db or bundled in dist/. */
export function defaultMigrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "prisma", "migrations");
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new MigrationError("prisma/migrations not found");
    dir = parent;
  }
}

export async function readMigrations(dir: string): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(path.join(dir, name, "migration.sql"));
      const validFile = path.join(dir, name, VALID_CHECKSUMS_FILE);
      const validChecksums = existsSync(validFile) ? parseValidChecksums(await readFile(validFile, "utf8")) : new Set<string>();
      return { name, sql: bytes.toString("utf8"), checksum: createHash("sha256").update(bytes).digest("hex"), validChecksums };
    }),
  );
}

async function ensureTable(client: pg.Client): Promise<void> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS "app"`);
  await client.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
}

/** The applied migrations absent from the folder, and those applied in an earlier valid form (their checksum to rewrite). */
function checkApplied(applied: AppliedRow[], local: Migration[]): { unknown: string[]; earlierForms: Migration[] } {
  const byName = new Map(local.map((migration) => [migration.name, migration]));
  const unknown: string[] = [];
  const earlierForms: Migration[] = [];
  for (const row of applied) {
    if (!row.finished_at) {
      throw new MigrationError(`Migration ${row.migration_name} started but did not finish; repair the database, then mark it rolled back`);
    }
    const migration = byName.get(row.migration_name);
    if (!migration) unknown.push(row.migration_name);
    else if (migration.validChecksums.has(row.checksum)) earlierForms.push(migration);
    else if (migration.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${row.migration_name} was changed after it was applied (checksum differs); add a new migration instead`,
      );
    }
  }
  return { unknown, earlierForms };
}

async function apply(client: pg.Client, migration: Migration): Promise<void> {
  await client.query("BEGIN");
  try {
    const id = randomUUID();
    await client.query(`INSERT INTO ${TABLE} (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`, [
      id,
      migration.checksum,
      migration.name,
    ]);
    await client.query(migration.sql);
    await client.query(`UPDATE ${TABLE} SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`, [id]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
}

export async function migrate(options: { databaseUrl: string; migrationsDir?: string }): Promise<MigrateResult> {
  const local = await readMigrations(options.migrationsDir ?? defaultMigrationsDir());
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    // Session-level lock: a second starter waits here, then finds everything applied.
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    try {
      await ensureTable(client);
      const { rows } = await client.query<AppliedRow>(
        `SELECT migration_name, checksum, finished_at FROM ${TABLE} WHERE rolled_back_at IS NULL ORDER BY started_at`,
      );
      const { unknown, earlierForms } = checkApplied(rows, local);
      for (const migration of earlierForms) {
        await client.query(`UPDATE ${TABLE} SET checksum = $1 WHERE migration_name = $2 AND rolled_back_at IS NULL`, [
          migration.checksum,
          migration.name,
        ]);
      }
      const done = new Set(rows.map((row) => row.migration_name));
      const pending = local.filter((migration) => !done.has(migration.name));
      for (const migration of pending) await apply(client, migration);
      return {
        applied: pending.map((migration) => migration.name),
        alreadyApplied: local.length - pending.length,
        unknown,
        rechecked: earlierForms.map((migration) => migration.name),
      };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
