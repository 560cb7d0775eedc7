// Reads the indexer's tables (schema "indexer", owned by Ponder) with SQL: the events of a kind not
// settled yet up to a block, Ponder's indexed head per chain. Never writes there.
import { isMissingIndexerTable, sqlIdentifier as ident } from "../../db/indexer-tables";
import { Prisma, type PrismaClient, type Tx } from "../../db/prisma";
import type { IndexedEvent, SettlementHandler } from "./settlement-handler";

interface Row {
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_hash: string;
  block_timestamp: string;
  address: string;
  [column: string]: string | number;
}

/** Events of `handler`'s kind on the chain, at blocks ≤ `upToBlock`, that have no app.settled_events row; oldest first. */
export async function unsettledEvents(
  db: Tx | PrismaClient,
  schema: string,
  handler: SettlementHandler,
  chain: { chainId: number; genesisHash: string },
  upToBlock: bigint,
  limit: number,
): Promise<IndexedEvent[]> {
  const own = handler.columns.map((column) => Prisma.sql`lower(e.${ident(column)}::text) AS ${ident(column)}`);
  const rows = await db.$queryRaw<Row[]>`
    SELECT lower(e."tx_hash") AS "tx_hash", e."log_index", e."block_number"::text AS "block_number", lower(e."block_hash") AS "block_hash",
           e."block_timestamp"::text AS "block_timestamp", lower(e."address") AS "address"${own.length ? Prisma.sql`, ${Prisma.join(own)}` : Prisma.empty}
    FROM ${ident(schema)}.${ident(handler.table)} e
    WHERE e."chain_id" = ${chain.chainId} AND e."block_number" <= ${upToBlock.toString()}::numeric
      AND NOT EXISTS (
        SELECT 1 FROM "app"."settled_events" s
        WHERE s."chain_id" = ${chain.chainId} AND s."genesis_hash" = ${chain.genesisHash}
          AND s."tx_hash" = lower(e."tx_hash") AND s."log_index" = e."log_index")
    ORDER BY e."block_number", e."log_index"
    LIMIT ${limit}`;
  return rows.map((row) => ({
    chainId: chain.chainId,
    genesisHash: chain.genesisHash,
    txHash: row.tx_hash,
    logIndex: Number(row.log_index),
    blockNumber: BigInt(row.block_number),
    blockHash: row.block_hash,
    blockTimestamp: BigInt(row.block_timestamp),
    address: row.address,
    args: Object.fromEntries(handler.columns.map((column) => [column, String(row[column])])),
  }));
}

/**
 * The last block Ponder has indexed on the chain (from its checkpoint table), or null before it
 * has one. The block number is digits 27–42 of the checkpoint (Ponder's utils/checkpoint).
 */
export async function indexedHead(db: Tx | PrismaClient, schema: string, chainId: number): Promise<bigint | null> {
  try {
    const rows = await db.$queryRaw<{ block: string }[]>`
      SELECT substring("latest_checkpoint" FROM 27 FOR 16)::numeric::text AS "block"
      FROM ${ident(schema)}."_ponder_checkpoint" WHERE "chain_id" = ${chainId}`;
    return rows[0] ? BigInt(rows[0].block) : null;
  } catch (error) {
    if (isMissingIndexerTable(error)) return null;
    throw error;
  }
}

/** How many events of `handler`'s kind up to `upToBlock` are not settled, and the oldest one's block time (seconds). */
export async function unsettledSummary(
  db: Tx | PrismaClient,
  schema: string,
  handler: SettlementHandler,
  chain: { chainId: number; genesisHash: string },
  upToBlock: bigint,
): Promise<{ count: number; oldest: bigint | null }> {
  const rows = await db.$queryRaw<{ count: number; oldest: string | null }[]>`
    SELECT COUNT(*)::int AS "count", MIN(e."block_timestamp")::text AS "oldest"
    FROM ${ident(schema)}.${ident(handler.table)} e
    WHERE e."chain_id" = ${chain.chainId} AND e."block_number" <= ${upToBlock.toString()}::numeric
      AND NOT EXISTS (
        SELECT 1 FROM "app"."settled_events" s
        WHERE s."chain_id" = ${chain.chainId} AND s."genesis_hash" = ${chain.genesisHash}
          AND s."tx_hash" = lower(e."tx_hash") AND s."log_index" = e."log_index")`;
  return { count: rows[0]!.count, oldest: rows[0]!.oldest === null ? null : BigInt(rows[0]!.oldest) };
}
