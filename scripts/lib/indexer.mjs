// Helpers for running Ponder (indexer/) from the orchestrators.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { DEPLOYMENTS_DIR, INDEXER_DIR } from "./paths.mjs";

/** Ponder's schema; the API reads the same variable (INDEXER_SCHEMA). */
export const INDEXER_SCHEMA = process.env.INDEXER_SCHEMA || "indexer";

/** Ponder's CLI entry (started with node directly, so that its PID is Ponder's). */
export function ponderBin() {
  const pkgDir = path.join(INDEXER_DIR, "node_modules", "ponder");
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8"));
  const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin.ponder;
  return path.join(pkgDir, bin);
}

/** <deploymentsDir>/<chainId>.json, or null. */
export function readManifest(chainId, deploymentsDir = DEPLOYMENTS_DIR) {
  const file = path.join(deploymentsDir, `${chainId}.json`);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8"));
}

/**
 * The configured chains whose deployment manifest lists at least one contract. Ponder 0.16 does
 * not start without indexing functions ("Found 0 registered indexing functions"), and there are
 * none before the contracts exist, so the orchestrators start it only when this is not empty.
 */
export function chainsWithContracts(chainIds, deploymentsDir = DEPLOYMENTS_DIR) {
  return chainIds
    .map((chainId) => ({ chainId, contracts: Object.keys(readManifest(chainId, deploymentsDir)?.contracts ?? {}) }))
    .filter((entry) => entry.contracts.length > 0);
}

const SYNC_TABLES_WITH_CHAIN = [
  "blocks",
  "logs",
  "transactions",
  "transaction_receipts",
  "traces",
  "intervals",
  "rpc_request_results",
  "factory_addresses",
];

/**
 * A fresh local chain under an existing schema makes `ponder start` fail ("Finalized block cannot
 * move backwards", or "Schema was previously used by a different Ponder app"): drop Ponder's schema
 * and the cached sync rows of that chain. The app's own schema ("app") is not touched.
 */
export async function resetIndexerForChain(databaseUrl, chainId, schema = INDEXER_SCHEMA) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(`drop schema if exists "${schema}" cascade`);
    const { rows } = await client.query(
      "select table_name from information_schema.tables where table_schema = 'ponder_sync' and table_name = any($1)",
      [SYNC_TABLES_WITH_CHAIN],
    );
    for (const { table_name: table } of rows) {
      await client.query(`delete from ponder_sync."${table}" where chain_id = $1`, [chainId]);
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
