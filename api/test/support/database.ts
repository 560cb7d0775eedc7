import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createPrisma, type PrismaClient } from "../../src/db/prisma";
import { databaseUrl } from "./urls";

export interface TestDatabase {
  name: string;
  url: string;
  prisma: PrismaClient;
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("postgresUrl") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database of its own for one test file: migrated (a copy of the template) or blank. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `loop_api_test_${randomBytes(6).toString("hex")}`;
  const template = options.migrated === false ? "template0" : inject("templateDatabase");
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const url = databaseUrl(inject("postgresUrl"), name);
  const prisma = createPrisma(url);
  return {
    name,
    url,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Empties the API's tables between tests of one file (keeps the migrations table, the platform settings' row at its defaults and the platform's ledger accounts). */
export async function truncateAll(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe(
    `TRUNCATE "app"."users", "app"."sessions", "app"."siwe_nonces", "app"."email_login_tokens", "app"."wallet_links", "app"."oidc_identities", "app"."genres", "app"."loops", "app"."jobs" RESTART IDENTITY CASCADE`,
  );
  // Truncated with the users (its updated_by): the row the migrations made, which uploads and prices read.
  await prisma.$executeRawUnsafe(`INSERT INTO "app"."platform_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING`);
  // Truncated with the users too (ledger_accounts.user_id): the platform's, which the migrations made.
  await prisma.$executeRawUnsafe(`SELECT "app"."ledger_make_platform_accounts"()`);
}
