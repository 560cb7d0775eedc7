// Shared by the chain benchmarks: the local stack's chain side started exactly as `pnpm dev` starts
// it (scripts/lib/services.mjs: Hardhat node, contracts/scripts/deploy.ts, `ponder start`), but
// quiet (their output is kept for error messages, not printed) and into a scratch deployments
// folder; the whole stack (chain, Postgres, API, Ponder) for one bench, stopped also on failure; a
// funded test wallet; plain JSON-RPC (single calls and batches); Ponder's indexed row count and
// indexed head.
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createWalletClient, http as httpTransport, maxUint256, parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { loopTokenAbi } from "../../contracts/generated/abis.mjs";
import { localAccounts } from "../../contracts/local-accounts.mjs";
import { startEmbeddedPostgres } from "../lib/embedded-postgres.mjs";
import { freePort } from "../lib/ports.mjs";
import { Supervisor } from "../lib/supervisor.mjs";
import { deployLocal, startHardhatNode, startPonder } from "../lib/services.mjs";
import { INDEXER_SCHEMA } from "../lib/indexer.mjs";
import { apiEnv, runNode, startApi, waitForApi, withScratch } from "./api-harness.mjs";

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

/** The API's keys on the local chain, as `pnpm dev` sets them (scripts/lib/config.mjs): quote signer and operator. */
export const LOCAL_ROLE_KEYS = {
  QUOTE_SIGNER_PRIVATE_KEY: localAccounts.roles.quoteSigner.privateKey,
  OPERATOR_PRIVATE_KEY: localAccounts.roles.operator.privateKey,
};

/**
 * Runs work(stack) on a fresh local stack in a scratch folder on free ports: a Hardhat node with the
 * contracts deployed, an embedded Postgres migrated by the API's `migrate` (with a pg client,
 * `stack.db`); `stack.startApi()` (resolves once it answers) and `stack.startIndexer()` start the
 * real API (src/main.ts, the local chain's role keys) and Ponder when the bench wants them.
 * Everything is stopped and the folder removed afterwards, also on failure and Ctrl-C.
 * BENCH_VERBOSE=1 prints the services' output with timestamps.
 */
export async function withChainStack({ name, log }, work) {
  const supervisor = new QuietSupervisor({
    name,
    onLine: process.env.BENCH_VERBOSE ? (child, line) => log(`[${child} +${(performance.now() / 1000).toFixed(2)}] ${line}`) : undefined,
  });
  let database = null;
  let api = null;
  let db = null;
  const stop = async () => {
    await db?.end().catch(() => {});
    await api?.stop().catch(() => {});
    await supervisor.stopAll().catch(() => {});
    await database?.stop();
  };
  const kill = () => {
    if (api && api.child.exitCode === null) api.child.kill("SIGKILL");
    supervisor.killAll();
  };
  return withScratch(`loop-bench-${name}-`, { log, stop, kill }, async ({ scratch, loadAtStart }) => {
    const deploymentsDir = path.join(scratch, "deployments");
    const [dbPort, chainPort, apiPort, ponderPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const startedAt = performance.now();
    const [postgres, chain] = await Promise.all([
      startEmbeddedPostgres({ dataDir: path.join(scratch, "postgres"), port: dbPort, database: "loop_bench" }),
      startDeployedChain(supervisor, { port: chainPort, deploymentsDir }),
    ]);
    database = postgres;
    const { rpc, manifest } = chain;
    const env = { ...chainEnv(rpc, deploymentsDir, apiEnv(database.url, apiPort, scratch)), ...LOCAL_ROLE_KEYS };
    await runNode(["--import", "tsx", "src/db/migrate-cli.ts"], env, log);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    return work({
      scratch,
      loadAtStart,
      startedAt,
      supervisor,
      databaseUrl: database.url,
      db,
      rpc,
      manifest,
      apiPort,
      startApi() {
        api = startApi(env, log);
        return waitForApi(api, apiPort);
      },
      startIndexer: () => startIndexer(supervisor, { port: ponderPort, rpc, deploymentsDir, databaseUrl: database.url }),
    });
  });
}

/**
 * A wallet client for `account` (default: a fresh key) on the local chain with 10 ETH from account
 * #0 and `loop` wei of LOOP minted by the operator key, `spender` approved for `allowance`.
 */
export async function fundedWallet(
  rpc,
  manifest,
  { account = privateKeyToAccount(generatePrivateKey()), loop, spender, allowance = maxUint256 },
) {
  const chain = { ...hardhat, rpcUrls: { default: { http: [rpc] } } };
  const transport = httpTransport(rpc);
  const wallet = createWalletClient({ account, chain, transport });
  const operator = createWalletClient({ account: privateKeyToAccount(localAccounts.roles.operator.privateKey), chain, transport });
  const token = manifest.contracts.LoopToken.address;
  await rpcCall(rpc, "eth_sendTransaction", [
    { from: localAccounts.roles.deployer.address, to: account.address, value: toHex(parseEther("10")) },
  ]);
  await operator.writeContract({ address: token, abi: loopTokenAbi, functionName: "mint", args: [account.address, loop] });
  await wallet.writeContract({ address: token, abi: loopTokenAbi, functionName: "approve", args: [spender, allowance] });
  return wallet;
}

/**
 * How long after `send()` (a transaction sent with automine on: mined once the node has answered
 * its hash) `isVisible()` holds, polled every `pollMs`; alongside, until it is there, the
 * transaction's row in indexer.<table>. Checks the receipt. Returns ms: { visible: mined → visible,
 * indexed: mined → row, settled: row → visible }.
 */
export async function minedToVisible({ rpc, db, table, what, pollMs, send, isVisible, timeoutMs = 30_000 }) {
  const hash = await send();
  const mined = performance.now();
  const receipt = rpcCall(rpc, "eth_getTransactionReceipt", [hash]);
  let indexed = null;
  for (;;) {
    const polled = performance.now();
    const [seen, rows] = await Promise.all([
      isVisible(hash),
      indexed === null
        ? db.query(`SELECT 1 FROM "${INDEXER_SCHEMA}"."${table}" WHERE "chain_id" = 31337 AND "tx_hash" = $1`, [hash])
        : null,
    ]);
    if (rows?.rowCount) indexed = performance.now();
    if (seen) break;
    if (polled > mined + timeoutMs) throw new Error(`${what} ${hash} not visible through the API after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, pollMs - (performance.now() - polled))));
  }
  const visible = performance.now();
  indexed ??= visible;
  const { status } = (await receipt) ?? {};
  if (status !== "0x1") throw new Error(`${what} ${hash}: receipt status ${status}`);
  return { visible: visible - mined, indexed: indexed - mined, settled: visible - indexed };
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
    const { rows } = await db.query(
      `SELECT substring("latest_checkpoint" FROM 27 FOR 16)::numeric AS block FROM "${schema}"."_ponder_checkpoint" WHERE "chain_id" = $1`,
      [chainId],
    );
    return rows.length ? Number(rows[0].block) : -1;
  } catch {
    return -1;
  }
}
