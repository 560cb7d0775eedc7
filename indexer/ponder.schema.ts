// Tables that Ponder owns (schema "indexer"). The API reads them with SQL and settles them into
// its own schema; nothing else writes here. Use singular table names (GraphQL pluralises).
// The contracts issue adds the tables for LoopToken, LoopMarketplace and LoopVault events.
export {};
