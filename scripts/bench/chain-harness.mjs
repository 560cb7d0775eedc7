// Shared by the chain benchmarks: the local stack's chain side started exactly as `pnpm dev` starts
// it (scripts/lib/services.mjs: Hardhat node, contracts/scripts/deploy.ts, `ponder start`), but
// quiet (their output is kept for error messages, not printed) and into a scratch deployments
// folder; plain JSON-RPC (single calls and batches); Ponder's indexed row count and indexed head.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Supervisor } from "../lib/supervisor.mjs";
import { deployLocal, startHardhatNode, startPonder } from "../lib/services.mjs";
import { INDEXER_SCHEMA } from "../lib/indexer.mjs";

/**
 * A Supervisor whose children print nothing (their last lines stay in each child's lastLines);
 * `onLine(name, line)` sees every line a child's own filter lets through.
 */
export class QuietSupervisor extends Supervisor {
  constructor({ name = "bench", onLine = () => {} } = {}) {
    super({ name });
    this.onLine = onLine;
  }

  spawn(name, command, args, options = {}) {
    const { filter = (line) => line } = options;
    const seen = (line) => {
      const shown = filter(line);
      if (shown !== null && shown !== undefined) this.onLine(name, shown);
      return shown;
    };
    return super.spawn(name, command, args, { ...options, filter: seen, quiet: true });
  }

  /** Sync last resort (process "exit"): SIGKILL every child's process group. */
  killAll() {
    for (const child of this.children) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
  }
}

/** The last lines a child printed, for an error message. */
export const lastLines = (child) => (child?.lastLines ?? []).slice(-20).join("\n");

/** The environment the chain's users share: the node's RPC URL, the scratch manifests, one chain. */
export function chainEnv(rpcUrl, deploymentsDir, base = process.env) {
  const port = new URL(rpcUrl).port;
  return { ...base, HARDHAT_PORT: port, RPC_URL_31337: rpcUrl, CHAIN_IDS: "31337", DEPLOYMENTS_DIR: deploymentsDir };
}

/**
 * A fresh Hardhat node on `port` with the LOOP contracts deployed by contracts/scripts/deploy.ts
 * (manifest written to `deploymentsDir`). Resolves to { rpc, manifest, node }.
 */
export async function startDeployedChain(supervisor, { port, deploymentsDir }) {
  const rpc = `http://127.0.0.1:${port}`;
  const env = chainEnv(rpc, deploymentsDir);
  const node = startHardhatNode(supervisor, { port, env });
  try {
    await node.ready();
    await deployLocal(supervisor, { env });
  } catch (error) {
    throw new Error(`${error.message}\n${lastLines(node.child)}`, { cause: error });
  }
  const manifest = JSON.parse(readFileSync(path.join(deploymentsDir, "31337.json"), "utf8"));
  return { rpc, manifest, node };
}

/** `ponder start` on the indexer schema (as `pnpm dev`); { child, url, ready() }. */
export function startIndexer(supervisor, { port, rpc, deploymentsDir, databaseUrl }) {
  return startPonder(supervisor, { port, env: { ...chainEnv(rpc, deploymentsDir), DATABASE_URL: databaseUrl } });
}

// ---- JSON-RPC ----------------------------------------------------------------------------------

let rpcId = 0;

/** One JSON-RPC call; throws on an error answer. */
export async function rpcCall(url, method, params = []) {
  const [result] = await rpcBatch(url, [[method, params]]);
  return result;
}

/** Several calls in one HTTP request (a JSON-RPC batch); results in order, throws on the first error. */
export async function rpcBatch(url, calls) {
  const body = calls.map(([method, params = []]) => ({ jsonrpc: "2.0", id: ++rpcId, method, params }));
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answers = await response.json();
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  return body.map(({ id, method }) => {
    const answer = byId.get(id);
    if (!answer || answer.error) throw new Error(`${method}: ${answer?.error?.message ?? "no answer"}`);
    return answer.result;
  });
}

// ---- Ponder's tables ---------------------------------------------------------------------------

/** Rows in Ponder's event tables (schema "indexer"; its own bookkeeping tables start with "_"); null before they exist. */
export async function indexedRowCount(db, schema = INDEXER_SCHEMA) {
  const { rows: tables } = await db.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = $1 AND left(tablename, 1) <> '_' AND tablename NOT LIKE '%reorg%'",
    [schema],
  );
  if (tables.length === 0) return null;
  const sql = tables.map(({ tablename }) => `SELECT COUNT(*)::int AS n FROM "${schema}"."${tablename}"`).join(" UNION ALL ");
  const { rows } = await db.query(`SELECT COALESCE(SUM(n), 0)::int AS total FROM (${sql}) AS t`);
  return rows[0].total;
}

/** The block Ponder has indexed up to on the chain (its checkpoint, digits 27–42), or -1 before it has one. */
export async function indexedHead(db, chainId = 31337, schema = INDEXER_SCHEMA) {
  try {
    const { rows } = await db.query(`SELECT substring("latest_checkpoint" FROM 27 FOR 16)::numeric AS block FROM "${schema}"."_ponder_checkpoint" WHERE "chain_id" = $1`, [chainId]);
    return rows.length ? Number(rows[0].block) : -1;
  } catch {
    return -1;
  }
}
