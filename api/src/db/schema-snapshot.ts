// The live database objects as one readable text (api/prisma/schema.sql, issue 38 §3): the migration
// folders redefine the same functions and triggers, and the body that runs is whichever came last.
// Written by `pnpm --filter @loop/api db:snapshot` (api/scripts/schema-snapshot.ts) and compared with the
// test database by api/test/schema-snapshot.test.ts, so both build it here. Each object appears once, as
// Postgres prints it (pg_get_functiondef, pg_get_triggerdef, pg_get_viewdef, pg_get_indexdef,
// pg_get_constraintdef), sorted by code point and free of OIDs, owners and times: the same migrations
// give the same text on the same Postgres major version.
import pg from "pg";

export const SNAPSHOT_PATH = "api/prisma/schema.sql";
export const SNAPSHOT_COMMAND = "pnpm --filter @loop/api db:snapshot";

/** Ponder's sync schema; its indexed tables' schema (INDEXER_SCHEMA) is known by its `_ponder_meta` table. */
const PONDER_SYNC_SCHEMA = "ponder_sync";
/** The migrator's bookkeeping (src/db/migrate.ts), not the application's. */
const MIGRATIONS_TABLE = "_prisma_migrations";

type Client = Pick<pg.Client, "query">;

/** The schemas to read: not Postgres' own, not Ponder's. */
async function appSchemas(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname AS name FROM pg_namespace n
     WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' AND n.nspname <> $1
       AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid AND c.relname = '_ponder_meta')`,
    [PONDER_SYNC_SCHEMA],
  );
  return rows.map((row) => row.name).sort(byText);
}

/** Not an object an extension installed (pg_trgm's functions and operators). */
const notExtensionMember = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`;
const notMigrationsTable = (relname: string) => `${relname} <> '${MIGRATIONS_TABLE}'`;

interface Entry {
  schema: string;
  /** Sort key within the schema's section (name, then what tells same-named objects apart). */
  key: string[];
  text: string;
}

async function extensions(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ text: string }>(
    `SELECT format('CREATE EXTENSION IF NOT EXISTS %I WITH SCHEMA %I;', e.extname, n.nspname) AS text
     FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname <> 'plpgsql'`,
  );
  return rows.map((row) => row.text).sort(byText);
}

async function types(client: Client, schemas: string[]): Promise<Entry[]> {
  const { rows } = await client.query<{ schema: string; name: string; text: string }>(
    `SELECT n.nspname AS schema, t.typname AS name,
       CASE t.typtype
         WHEN 'e' THEN format('CREATE TYPE %I.%I AS ENUM (%s);', n.nspname, t.typname,
           (SELECT string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid))
         WHEN 'd' THEN format('CREATE DOMAIN %I.%I AS %s%s%s;', n.nspname, t.typname, format_type(t.typbasetype, t.typtypmod),
           CASE WHEN t.typnotnull THEN ' NOT NULL' ELSE '' END,
           (SELECT COALESCE(string_agg(format(' CONSTRAINT %I %s', k.conname, pg_get_constraintdef(k.oid, true)), '' ORDER BY k.conname COLLATE "C"), '')
            FROM pg_constraint k WHERE k.contypid = t.oid))
         WHEN 'c' THEN format('CREATE TYPE %I.%I AS (%s);', n.nspname, t.typname,
           (SELECT string_agg(format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)), ', ' ORDER BY a.attnum)
            FROM pg_attribute a WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped))
         ELSE format('-- type %I.%I (typtype %s)', n.nspname, t.typname, t.typtype)
       END AS text
     FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = ANY($1) AND t.typtype IN ('e', 'd', 'c', 'r', 'm')
       AND ${notExtensionMember("pg_type", "t.oid")}
       AND (t.typtype <> 'c' OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')`,
    [schemas],
  );
  return rows.map((row) => ({ schema: row.schema, key: [row.name], text: row.text }));
}

/** Tables with their columns and constraints, in Postgres' column order (the order the migrations added them). */
async function tables(client: Client, schemas: string[]): Promise<Entry[]> {
  const { rows } = await client.query<{ schema: string; name: string; head: string; lines: string[] }>(
    `SELECT n.nspname AS schema, c.relname AS name,
       format('CREATE %sTABLE %I.%I', CASE c.relpersistence WHEN 'u' THEN 'UNLOGGED ' ELSE '' END, n.nspname, c.relname) AS head,
       ARRAY(
         SELECT format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod))
           || CASE WHEN a.attcollation <> ty.typcollation THEN format(' COLLATE %I', co.collname) ELSE '' END
           || CASE
                WHEN a.attgenerated = 's' THEN format(' GENERATED ALWAYS AS (%s) STORED', pg_get_expr(ad.adbin, ad.adrelid, true))
                WHEN a.attidentity = 'a' THEN ' GENERATED ALWAYS AS IDENTITY'
                WHEN a.attidentity = 'd' THEN ' GENERATED BY DEFAULT AS IDENTITY'
                WHEN ad.adbin IS NOT NULL THEN ' DEFAULT ' || pg_get_expr(ad.adbin, ad.adrelid, true)
                ELSE ''
              END
           || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
         FROM pg_attribute a
         JOIN pg_type ty ON ty.oid = a.atttypid
         LEFT JOIN pg_collation co ON co.oid = a.attcollation
         LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
         WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         ORDER BY a.attnum
       ) || ARRAY(
         -- NOT NULL is on its column (Postgres 18 also lists it here, 17 does not).
         SELECT format('CONSTRAINT %I %s', k.conname, pg_get_constraintdef(k.oid, true))
         FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype <> 'n'
         ORDER BY k.conname COLLATE "C"
       ) AS lines
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND ${notMigrationsTable("c.relname")}
       AND ${notExtensionMember("pg_class", "c.oid")}`,
    [schemas],
  );
  return rows.map((row) => ({
    schema: row.schema,
    key: [row.name],
    text: `${row.head} (\n${row.lines.map((line) => `    ${line}`).join(",\n")}\n);`,
  }));
}

/** Sequences of their own (a SERIAL column's is its DEFAULT nextval(…), shown with the table). */
async function sequences(client: Client, schemas: string[]): Promise<Entry[]> {
  const { rows } = await client.query<{ schema: string; name: string; text: string }>(
    `SELECT n.nspname AS schema, c.relname AS name,
       format('CREATE SEQUENCE %I.%I AS %s INCREMENT %s MINVALUE %s MAXVALUE %s START %s%s;', n.nspname, c.relname,
         format_type(s.seqtypid, NULL), s.seqincrement, s.seqmin, s.seqmax, s.seqstart, CASE WHEN s.seqcycle THEN ' CYCLE' ELSE '' END) AS text
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_sequence s ON s.seqrelid = c.oid
     WHERE n.nspname = ANY($1) AND c.relkind = 'S' AND ${notExtensionMember("pg_class", "c.oid")}
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i'))`,
    [schemas],
  );
  return rows.map((row) => ({ schema: row.schema, key: [row.name], text: row.text }));
}

async function views(client: Client, schemas: string[], relkind: "v" | "m"): Promise<Entry[]> {
  const { rows } = await client.query<{ schema: string; name: string; text: string }>(
    `SELECT n.nspname AS schema, c.relname AS name,
       format('CREATE %s %I.%I AS', CASE c.relkind WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'VIEW' END, n.nspname, c.relname)
         || E'\\n' || rtrim(pg_get_viewdef(c.oid, true), E'; \\n') || ';' AS text
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND c.relkind = $2 AND ${notExtensionMember("pg_class", "c.oid")}`,
    [schemas, relkind],
  );
  return rows.map((row) => ({ schema: row.schema, key: [row.name], text: row.text }));
}

/** Functions and procedures as `CREATE OR REPLACE` would make them now; an aggregate is named only (Postgres prints no definition of one). */
async function functions(client: Client, schemas: string[]): Promise<Entry[]> {
  const { rows } = await client.query<{ schema: string; name: string; args: string; text: string }>(
    `SELECT n.nspname AS schema, p.proname AS name, pg_get_function_identity_arguments(p.oid) AS args,
       CASE WHEN p.prokind = 'a' THEN format('-- aggregate %I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
            ELSE rtrim(pg_get_functiondef(p.oid), E'\\n') || ';' END AS text
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = ANY($1) AND ${notExtensionMember("pg_proc", "p.oid")}`,
    [schemas],
  );
  return rows.map((row) => ({ schema: row.schema, key: [row.name, row.args], text: row.text }));
}

/** Triggers by table, then name: a table's triggers read together. Constraint triggers Postgres makes itself (foreign keys) are left out. */
async function triggers(client: Client, schemas: string[]): Promise<Entry[]> {
  const { rows } = await client.query<{ schema: string; table: string; name: string; text: string }>(
    `SELECT n.nspname AS schema, c.relname AS table, t.tgname AS name,
       pg_get_triggerdef(t.oid, true) || ';'
         || CASE t.tgenabled WHEN 'O' THEN '' WHEN 'D' THEN ' -- disabled' WHEN 'R' THEN ' -- enabled on replica only' ELSE ' -- enabled always' END AS text
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND NOT t.tgisinternal AND ${notExtensionMember("pg_class", "c.oid")}`,
    [schemas],
  );
  return rows.map((row) => ({ schema: row.schema, key: [row.table, row.name], text: row.text }));
}

/** Indexes by table, then name; those of a primary key, unique or exclusion constraint are that constraint on its table. */
async function indexes(client: Client, schemas: string[]): Promise<Entry[]> {
  const { rows } = await client.query<{ schema: string; table: string; name: string; text: string }>(
    `SELECT n.nspname AS schema, t.relname AS table, c.relname AS name, pg_get_indexdef(i.indexrelid) || ';' AS text
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indexrelid
     JOIN pg_class t ON t.oid = i.indrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND ${notMigrationsTable("t.relname")} AND ${notExtensionMember("pg_class", "t.oid")}
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype IN ('p', 'u', 'x'))`,
    [schemas],
  );
  return rows.map((row) => ({ schema: row.schema, key: [row.table, row.name], text: row.text }));
}

/** Code-point order: the same in every locale. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byKey(a: Entry, b: Entry): number {
  for (let i = 0; i < Math.max(a.key.length, b.key.length); i++) {
    const order = byText(a.key[i] ?? "", b.key[i] ?? "");
    if (order !== 0) return order;
  }
  return 0;
}

const HEADER = [
  `-- Generated by \`${SNAPSHOT_COMMAND}\` from a database with every migration applied`,
  "-- (api/scripts/schema-snapshot.ts, built by api/src/db/schema-snapshot.ts). Do not edit: change the",
  "-- schema with a new migration, then regenerate; api/test/schema-snapshot.test.ts fails until this file",
  "-- matches. Each object once, as Postgres prints its live definition: the last CREATE OR REPLACE wins.",
  "-- Not listed: Ponder's schemas, extensions' own objects, the migrations table, indexes that back a",
  "-- primary key, unique or exclusion constraint (see the constraint on the table), Postgres' own triggers.",
];

/** A titled section of one schema's objects of one kind: blocks apart, one-line kinds (triggers, indexes) line after line. */
function section(title: string, entries: Entry[], compact: boolean): string[] {
  if (entries.length === 0) return [];
  const rule = `-- ${"=".repeat(100)}`;
  const texts = [...entries].sort(byKey).map((entry) => entry.text);
  return [rule, `-- ${title} (${entries.length})`, rule, compact ? texts.join("\n") : texts.join("\n\n")];
}

/** The snapshot text of the database at `databaseUrl` (what api/prisma/schema.sql holds). */
export async function buildSchemaSnapshot(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const schemas = await appSchemas(client);
    // One client: its queries run one after the other anyway.
    const kinds: [kind: string, entries: Entry[], compact: boolean][] = [
      ["types", await types(client, schemas), false],
      ["tables", await tables(client, schemas), false],
      ["sequences", await sequences(client, schemas), true],
      ["views", await views(client, schemas, "v"), false],
      ["materialized views", await views(client, schemas, "m"), false],
      ["functions", await functions(client, schemas), false],
      ["triggers", await triggers(client, schemas), true],
      ["indexes", await indexes(client, schemas), true],
    ];
    const blocks: string[] = [HEADER.join("\n")];
    const ext = await extensions(client);
    if (ext.length) blocks.push(["-- extensions", ...ext].join("\n"));
    for (const schema of schemas) {
      for (const [kind, entries, compact] of kinds) {
        const lines = section(
          `${schema}: ${kind}`,
          entries.filter((entry) => entry.schema === schema),
          compact,
        );
        if (lines.length) blocks.push(lines.join("\n"));
      }
    }
    return `${blocks.join("\n\n")}\n`;
  } finally {
    await client.end();
  }
}
