// api/prisma/schema.sql is the migrated database's functions, triggers, views, indexes and tables
// (src/db/schema-snapshot.ts): a migration that changes one of them without the file regenerated fails here.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SNAPSHOT_COMMAND, SNAPSHOT_PATH, buildSchemaSnapshot } from "../src/db/schema-snapshot";
import { createTestDatabase, type TestDatabase } from "./support/database";

const committedFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../prisma/schema.sql");

describe("schema snapshot", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("api/prisma/schema.sql is what the migrations make", async () => {
    const [live, committed] = await Promise.all([buildSchemaSnapshot(db.url), readFile(committedFile, "utf8").catch(() => "")]);
    // The diff below shows the changed lines (+ the database, - the file).
    expect(live, `${SNAPSHOT_PATH} is not what the migrations make: run \`${SNAPSHOT_COMMAND}\` and commit the file`).toBe(committed);
  });
});
