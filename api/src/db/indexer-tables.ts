// The indexer's tables (schema "indexer") belong to Ponder, which creates them when it starts:
// whoever reads them (the settlement, the vault backing check, wallet transfers) must expect them
// to be missing.

/** Postgres "undefined_table" / "invalid_schema_name": Ponder has not created its tables (yet, or again after a fresh chain). */
export function isMissingIndexerTable(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /42P01|3F000|does not exist/.test(text);
}
