// The indexer's tables (schema "indexer") belong to Ponder, which creates them when it starts:
// whoever reads them (the settlement, the vault backing check, wallet transfers) must expect them
// to be missing.
import { Prisma } from "./prisma";

/** Postgres "undefined_table" / "invalid_schema_name": Ponder has not created its tables (yet, or again after a fresh chain). */
export function isMissingIndexerTable(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /42P01|3F000|does not exist/.test(text);
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** A quoted SQL identifier (the indexer's schema, a table or column name from configuration or code); anything else throws. */
export function sqlIdentifier(name: string): Prisma.Sql {
  if (!IDENTIFIER.test(name)) throw new Error(`not an SQL identifier: ${name}`);
  return Prisma.raw(`"${name}"`);
}

/** `"<schema>"."<table>"` of the indexer's schema (`config.settlement.indexerSchema`). */
export function indexerTable(schema: string, table: string): Prisma.Sql {
  return Prisma.sql`${sqlIdentifier(schema)}.${sqlIdentifier(table)}`;
}
