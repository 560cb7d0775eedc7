import { cpSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsDir, migrate, readMigrations } from "../src/db/migrate";
import { createTestDatabase, type TestDatabase } from "./support/database";

async function appliedRows(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT id, checksum, migration_name, finished_at, rolled_back_at, started_at, applied_steps_count, logs FROM "app"."_prisma_migrations" ORDER BY migration_name`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe("migrator", () => {
  let db: TestDatabase;
  let scratch: string;

  beforeAll(async () => {
    db = await createTestDatabase({ migrated: false });
    scratch = mkdtempSync(path.join(os.tmpdir(), "loop-migrations-"));
  });
  afterAll(async () => {
    await db.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("applies every folder once, in order, recorded like Prisma Migrate; a second run does nothing", async () => {
    const local = await readMigrations(defaultMigrationsDir());
    const first = await migrate({ databaseUrl: db.url });
    expect(first.applied).toEqual(local.map((migration) => migration.name));

    const rows = await appliedRows(db.url);
    expect(rows.map((row) => row.migration_name)).toEqual(first.applied);
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(local[i]!.checksum);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    const second = await migrate({ databaseUrl: db.url });
    expect(second).toEqual({ applied: [], alreadyApplied: local.length, unknown: [], rechecked: [] });
    expect(await db.prisma.user.count()).toBe(0);
  });

  it("refuses to start when an applied migration was edited afterwards", async () => {
    const dir = path.join(scratch, "edited");
    cpSync(defaultMigrationsDir(), dir, { recursive: true });
    const [first] = await readMigrations(dir);
    appendFileSync(path.join(dir, first!.name, "migration.sql"), "\n-- edited after it was applied\n");
    await expect(migrate({ databaseUrl: db.url, migrationsDir: dir })).rejects.toThrow(/changed after it was applied/);
  });

  it("accepts an applied migration whose comments were edited when its earlier checksum is listed, and records the new one", async () => {
    const dir = path.join(scratch, "recommented");
    cpSync(defaultMigrationsDir(), dir, { recursive: true });
    const [first] = await readMigrations(dir);
    const file = path.join(dir, first!.name, "migration.sql");
    appendFileSync(file, "\n-- a comment edited after it was applied\n");
    writeFileSync(path.join(dir, first!.name, "valid-checksums.txt"), `# before the comment was edited\n${first!.checksum}\n`);
    const [edited] = await readMigrations(dir);
    const storedChecksum = async () => (await appliedRows(db.url)).find((row) => row.migration_name === first!.name)!.checksum as string;
    try {
      expect(await migrate({ databaseUrl: db.url, migrationsDir: dir })).toMatchObject({ applied: [], rechecked: [first!.name] });
      expect(await storedChecksum()).toBe(edited!.checksum);
      // The current form runs as it is; another edit, not listed, is refused.
      expect(await migrate({ databaseUrl: db.url, migrationsDir: dir })).toMatchObject({ applied: [], rechecked: [] });
      appendFileSync(file, "\n-- edited again\n");
      await expect(migrate({ databaseUrl: db.url, migrationsDir: dir })).rejects.toThrow(/changed after it was applied/);
      writeFileSync(path.join(dir, first!.name, "valid-checksums.txt"), "not-a-checksum\n");
      await expect(migrate({ databaseUrl: db.url, migrationsDir: dir })).rejects.toThrow(/not a sha256 checksum/);
    } finally {
      await db.prisma.$executeRawUnsafe(
        `UPDATE "app"."_prisma_migrations" SET checksum = '${first!.checksum}' WHERE migration_name = '${first!.name}'`,
      );
    }
  });

  it("rolls a failing migration back entirely and records nothing for it", async () => {
    const dir = path.join(scratch, "failing");
    cpSync(defaultMigrationsDir(), dir, { recursive: true });
    const name = "99990101000000_broken";
    cpSync(path.join(dir, (await readMigrations(dir))[0]!.name), path.join(dir, name), { recursive: true });
    writeFileSync(
      path.join(dir, name, "migration.sql"),
      `CREATE TABLE "app"."half_done" (id int);\nSELECT * FROM "app"."no_such_table";\n`,
    );
    await expect(migrate({ databaseUrl: db.url, migrationsDir: dir })).rejects.toThrow(/99990101000000_broken failed/);
    const tables = await db.prisma.$queryRaw<
      { n: bigint }[]
    >`SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'app' AND tablename = 'half_done'`;
    expect(Number(tables[0]!.n)).toBe(0);
    expect((await appliedRows(db.url)).map((row) => row.migration_name)).not.toContain(name);
  });

  it("lets concurrent starters race safely: each migration is applied exactly once", async () => {
    const fresh = await createTestDatabase({ migrated: false });
    try {
      const results = await Promise.all(Array.from({ length: 4 }, () => migrate({ databaseUrl: fresh.url })));
      const appliedCounts = results.map((result) => result.applied.length).sort();
      const total = (await readMigrations(defaultMigrationsDir())).length;
      expect(appliedCounts).toEqual([0, 0, 0, total]);
      expect(await appliedRows(fresh.url)).toHaveLength(total);
    } finally {
      await fresh.drop();
    }
  });
});
