// Chain → app: how fast on-chain events reach the app, with the real parts of `pnpm dev` and
// nothing mocked: a Hardhat node (chain 31337) with the contracts deployed by
// contracts/scripts/deploy.ts, a scratch embedded Postgres migrated by the API's `migrate`, Ponder
// (`ponder start` on schema "indexer", as scripts/lib/services.mjs starts it) and the real API
// (src/main.ts in its own process, its settlement worker on with the default SETTLEMENT_POLL_MS).
//
// 1. Backfill. Before Ponder starts, a history of 20,000 indexed events is put on the chain:
//    2,000 LoopVault.deposit calls (each emits LoopToken.Transfer and LoopVault.Deposited) for a
//    signed-in user, and 16,000 LoopToken transfers to fresh addresses, sent as JSON-RPC batches of
//    eth_sendTransaction from Hardhat's funded test accounts with automine off, then mined with
//    evm_mine into blocks filled to the node's gas limit (~1,000 transactions each), then 30 empty
//    blocks: Ponder treats the newest 30 blocks of an unknown chain as not final and follows them
//    block by block, and a backfill is of history below that depth. Then Ponder starts on an empty
//    schema (the API already running) and the rows of its event tables are counted every 50 ms
//    until /ready answers and its checkpoint has reached the history's last block. The figure is
//    events per second from Ponder's log line "Started backfill indexing" (after its build, schema
//    and HTTP server; the time its tables appear if that line is missing) to all rows in Postgres;
//    every step from `ponder start` is printed too, with the end-to-end rate. Also reported: how
//    long the API took to settle the 2,000 backfilled deposits (app.settled_events, outcome
//    "applied") after they were indexed, and checked: the user's balance through the API rose by
//    exactly those deposits. Budget: a floor of 1,000 events/s.
// 2. Latency. A fresh depositor key gets ETH from Hardhat account #0 and LOOP minted by the
//    operator key, and approves the vault once. Then 50 times in a row (automine on): it sends
//    LoopVault.deposit(1 LOOP, accountRef of the other user) signed in Node; the moment the node
//    has answered the transaction hash (automine: the block is mined before it answers) is "mined";
//    GET /api/tokens/balance with the user's session is polled every 10 ms until the balance
//    includes the deposit ("visible"). Latency = visible − mined; p50 / p95 / max are printed, and
//    the split at the moment the row is in indexer.deposited (polled alongside). Budget: p95 at
//    most 1,000 ms. This is the bench's value.
// A missed backfill floor or a failed check fails the bench (an error, with every figure in the
// message), a missed p95 shows as over budget: either way `pnpm bench` exits non-zero. Knobs:
// BENCH_SETTLEMENT_HISTORY (events, default 20000), BENCH_SETTLEMENT_DEPOSITS (default 50),
// BENCH_VERBOSE=1 (the services' output with timestamps, the row counts).
import { randomBytes } from "node:crypto";
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { encodeFunctionData, maxUint256, parseEther, toHex } from "viem";
import { loopTokenAbi, loopVaultAbi } from "../../contracts/generated/abis.mjs";
import { localAccounts } from "../../contracts/local-accounts.mjs";
import { httpOk } from "../lib/health.mjs";
import { apiGetJson, createSignedInUser, loadAverage, percentile } from "./api-harness.mjs";
import {
  fundedWallet,
  indexedHead,
  indexedRowCount,
  lastLines,
  minedToVisible,
  rpcBatch,
  rpcCall,
  withChainStack,
} from "./chain-harness.mjs";

export const name = "settlement";
export const description = "mined deposit → credited balance through the API (p95), and Ponder's backfill of 20,000 events (events/s)";
export const LATENCY_P95_BUDGET_MS = 1_000;
export const BACKFILL_FLOOR_PER_SECOND = 1_000;

const LATENCY_DEPOSITS = Number(process.env.BENCH_SETTLEMENT_DEPOSITS ?? 50);
const HISTORY_EVENTS = Number(process.env.BENCH_SETTLEMENT_HISTORY ?? 20_000);
/** Deposits in the history (two events each); the rest of the history is plain transfers. */
const HISTORY_DEPOSITS = Math.floor(HISTORY_EVENTS / 10);
const HISTORY_TRANSFERS = HISTORY_EVENTS - 2 * HISTORY_DEPOSITS;
const RPC_BATCH = 500;
const BALANCE_POLL_MS = 10;
const ROW_POLL_MS = 50;
/** Ponder's finality depth for chains it does not know (ponder/dist/esm/utils/finality.js). */
const PONDER_FINALITY_BLOCKS = 30;
const ONE_LOOP = parseEther("1");
const UNITS_PER_LOOP = 100_000_000n;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** accountRef of LoopVault.deposit for a user: the UUID left-padded to bytes32 (rules/src/deposit-ref.ts, depositRefOf). */
const depositRefOf = (userId) => `0x${userId.replace(/-/g, "").toLowerCase().padStart(64, "0")}`;

/** "500.00000000" (GET /api/tokens/balance) → ledger units. */
function loopToUnits(text) {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole) * UNITS_PER_LOOP + BigInt(fraction.padEnd(8, "0"));
}

const balanceUnits = async (apiPort, user, agent) =>
  loopToUnits((await apiGetJson(apiPort, "/api/tokens/balance", user.cookie, agent)).balance);

/**
 * The history: deposits from funded account #1 (after one approve), transfers from #2–#4 to fresh
 * addresses, all queued with automine off and then mined into full blocks. Returns what it made.
 */
async function generateHistory(rpc, manifest, accountRef, log) {
  const token = manifest.contracts.LoopToken.address;
  const vault = manifest.contracts.LoopVault.address;
  const [depositor, ...senders] = localAccounts.funded.addresses.slice(1);
  const started = performance.now();
  const approve = encodeFunctionData({ abi: loopTokenAbi, functionName: "approve", args: [vault, maxUint256] });
  await rpcCall(rpc, "eth_sendTransaction", [{ from: depositor, to: token, data: approve }]);
  const deposit = encodeFunctionData({ abi: loopVaultAbi, functionName: "deposit", args: [ONE_LOOP, accountRef] });
  const transferTo = (to) => encodeFunctionData({ abi: loopTokenAbi, functionName: "transfer", args: [to, ONE_LOOP] });
  const freshAddress = () => toHex(randomBytes(20));
  // Gas limits from estimates (+20 %): Hardhat fills a block by the limits, not by the gas used.
  const [depositGas, transferGas] = (
    await rpcBatch(rpc, [
      ["eth_estimateGas", [{ from: depositor, to: vault, data: deposit }]],
      ["eth_estimateGas", [{ from: senders[0], to: token, data: transferTo(freshAddress()) }]],
    ])
  ).map((gas) => toHex((BigInt(gas) * 12n) / 10n));
  const accounts = [depositor, ...senders];
  const nonces = (
    await rpcBatch(
      rpc,
      accounts.map((account) => ["eth_getTransactionCount", [account, "latest"]]),
    )
  ).map(Number);
  const next = new Map(accounts.map((account, index) => [account, nonces[index]]));
  const send = (from, to, data, gas) => {
    const nonce = next.get(from);
    next.set(from, nonce + 1);
    return ["eth_sendTransaction", [{ from, to, data, gas, nonce: toHex(nonce) }]];
  };
  const calls = [];
  for (let i = 0; i < HISTORY_DEPOSITS; i++) calls.push(send(depositor, vault, deposit, depositGas));
  for (let i = 0; i < HISTORY_TRANSFERS; i++) calls.push(send(senders[i % senders.length], token, transferTo(freshAddress()), transferGas));

  const firstBlock = Number(await rpcCall(rpc, "eth_blockNumber")) + 1;
  await rpcCall(rpc, "evm_setAutomine", [false]);
  try {
    for (let i = 0; i < calls.length; i += RPC_BATCH) await rpcBatch(rpc, calls.slice(i, i + RPC_BATCH));
    const queued = performance.now();
    // Mine until every account's last transaction is in a block.
    const done = async () =>
      (
        await rpcBatch(
          rpc,
          accounts.map((account) => ["eth_getTransactionCount", [account, "latest"]]),
        )
      ).every((n, i) => Number(n) === next.get(accounts[i]));
    do
      await rpcBatch(
        rpc,
        Array.from({ length: 5 }, () => ["evm_mine", []]),
      );
    while (!(await done()));
    const lastBlock = Number(await rpcCall(rpc, "eth_blockNumber"));
    const perBlock = Math.max(
      ...(
        await rpcBatch(
          rpc,
          Array.from({ length: lastBlock - firstBlock + 1 }, (_, i) => ["eth_getBlockTransactionCountByNumber", [toHex(firstBlock + i)]]),
        )
      ).map(Number),
    );
    // Ponder treats the newest 30 blocks of chain 31337 as not final (live sync, block by block):
    // 30 empty blocks on top put the whole history in the finalized range, as a backfill is.
    // (evm_mine, not hardhat_mine: Ponder's live sync cannot follow the blocks hardhat_mine skips.)
    await rpcBatch(
      rpc,
      Array.from({ length: PONDER_FINALITY_BLOCKS }, () => ["evm_mine", []]),
    );
    log(
      `history: ${calls.length.toLocaleString("en")} transactions (${HISTORY_DEPOSITS.toLocaleString("en")} deposits, ${HISTORY_TRANSFERS.toLocaleString("en")} transfers) in blocks ${firstBlock}–${lastBlock}: ` +
        `queued in ${seconds(queued - started)}, mined in ${seconds(performance.now() - queued)}`,
    );
    return { transactions: calls.length, blocks: lastBlock - firstBlock + 1, perBlock, lastBlock, ms: performance.now() - started };
  } finally {
    await rpcCall(rpc, "evm_setAutomine", [true]);
  }
}

/**
 * Starts Ponder on the empty schema and follows its row count until /ready answers and its
 * checkpoint has reached the history's last block. Returns the timings (ms since `ponder start`,
 * t0 = performance.now() then) and the final count.
 */
async function backfill({ supervisor, db, startIndexer }, lastBlock) {
  const t0 = performance.now();
  // Ponder says when its backfill starts (after build, schema, HTTP server); the bench notes when.
  let backfillStarted = null;
  const onLine = supervisor.onLine;
  supervisor.onLine = (child, line) => {
    onLine(child, line);
    if (child === "indexer" && backfillStarted === null && /Started backfill indexing/.test(line)) backfillStarted = performance.now() - t0;
  };
  const ponder = startIndexer();
  let failed = null;
  // Fails fast when Ponder exits or takes over 3 minutes (the supervisor's checks).
  ponder.ready().catch((error) => (failed = error));
  const samples = [];
  let ready = null;
  try {
    for (;;) {
      if (failed) throw new Error(`${failed.message}\n${lastLines(ponder.child)}`);
      const count = await indexedRowCount(db).catch(() => null);
      const now = performance.now() - t0;
      samples.push([now, count]);
      if (ready === null && (await httpOk(`${ponder.url}/ready`).catch(() => false))) ready = performance.now() - t0;
      if (ready !== null && (await indexedHead(db)) >= lastBlock) break;
      if (now > 180_000) throw new Error(`Ponder did not index up to block ${lastBlock} in 3 minutes\n${lastLines(ponder.child)}`);
      await sleep(ROW_POLL_MS);
    }
  } finally {
    supervisor.onLine = onLine;
  }
  const total = await indexedRowCount(db);
  const tables = samples.find(([, count]) => count !== null)?.[0] ?? ready;
  const firstRow = samples.find(([, count]) => count > 0)?.[0] ?? ready;
  const complete = samples.find(([, count]) => count >= total)?.[0] ?? performance.now() - t0;
  return { total, tables, backfillStarted: backfillStarted ?? tables, firstRow, complete, ready, t0, samples };
}

/** Waits until `count` deposits are in app.settled_events; ms (performance.now) at that moment. */
async function waitForSettled(db, count, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(
      `SELECT COUNT(*)::int AS n FROM "app"."settled_events" WHERE "kind" = 'deposited' AND "outcome" = 'applied'`,
    );
    if (rows[0].n >= count) return performance.now();
    if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${count} deposits settled after ${timeoutMs / 1000} s`);
    await sleep(ROW_POLL_MS);
  }
}

/**
 * N sequential deposits; for each, ms from mined to the balance through the API including it
 * ("visible"), split at the moment its row is in indexer.deposited (polled alongside).
 */
async function depositLatencies({ depositor, manifest, rpc, db, apiPort, user, count }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const accountRef = depositRefOf(user.id);
  const samples = [];
  try {
    for (let i = 0; i < count; i++) {
      const before = await balanceUnits(apiPort, user, agent);
      const sample = await minedToVisible({
        rpc,
        db,
        table: "deposited",
        what: "deposit",
        pollMs: BALANCE_POLL_MS,
        send: () =>
          depositor.writeContract({
            address: manifest.contracts.LoopVault.address,
            abi: loopVaultAbi,
            functionName: "deposit",
            args: [ONE_LOOP, accountRef],
          }),
        isVisible: async () => (await balanceUnits(apiPort, user, agent)) >= before + UNITS_PER_LOOP,
      });
      samples.push(sample);
    }
  } finally {
    agent.destroy();
  }
  return samples;
}

/** The figures as lines; `problems` lists what makes the bench fail outright. */
function report({ latencies, history, backfilled, settledMs, historyCredited, loadAtStart }) {
  const by = (key) => latencies.map((sample) => sample[key]).sort((a, b) => a - b);
  const stats = (sorted) =>
    `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`;
  const total = by("visible");
  const backfillMs = backfilled.complete - backfilled.backfillStarted;
  const perSecond = backfilled.total / (backfillMs / 1000);
  const details = [
    `deposit mined → balance through the API: ${stats(total)}, min ${total[0].toFixed(0)} ms (${latencies.length} deposits, balance polled every ${BALANCE_POLL_MS} ms)`,
    `  of which mined → row in indexer.deposited: ${stats(by("indexed"))}; row → balance: ${stats(by("settled"))}`,
    `backfill: ${backfilled.total.toLocaleString("en")} indexed events (${HISTORY_EVENTS.toLocaleString("en")} generated in ${history.blocks} blocks of up to ${history.perBlock} transactions, + ${backfilled.total - HISTORY_EVENTS} from the deployment) in ${seconds(backfillMs)} from Ponder's "Started backfill indexing" to all rows in Postgres: ${perSecond.toFixed(0)} events/s (budget >= ${BACKFILL_FLOOR_PER_SECOND}/s; rows counted every ${ROW_POLL_MS} ms)`,
    `  ponder start → tables created ${seconds(backfilled.tables)} → backfill started ${seconds(backfilled.backfillStarted)} → first rows ${seconds(backfilled.firstRow)} → all rows ${seconds(backfilled.complete)} → /ready ${seconds(backfilled.ready)}; from \`ponder start\` to all rows: ${(backfilled.total / (backfilled.complete / 1000)).toFixed(0)} events/s`,
    `settlement of the ${HISTORY_DEPOSITS.toLocaleString("en")} backfilled deposits: all settled ${seconds(settledMs)} after they were indexed (${((HISTORY_DEPOSITS * 1000) / settledMs).toFixed(0)} deposits/s); the user's balance rose by ${historyCredited / UNITS_PER_LOOP} LOOP`,
    `(machine: ${os.cpus().length} CPU, load average ${loadAtStart} at the start, ${loadAverage()} at the end: chain, Ponder, API, Postgres and the bench share it)`,
  ];
  const problems = [];
  if (backfilled.total < HISTORY_EVENTS)
    problems.push(`Ponder indexed ${backfilled.total} events, fewer than the ${HISTORY_EVENTS} generated`);
  if (historyCredited !== BigInt(HISTORY_DEPOSITS) * UNITS_PER_LOOP)
    problems.push(`the backfilled deposits credited ${historyCredited} units, expected ${HISTORY_DEPOSITS} LOOP`);
  if (perSecond < BACKFILL_FLOOR_PER_SECOND) problems.push(`backfill below its floor of ${BACKFILL_FLOOR_PER_SECOND} events/s`);
  return { p95: percentile(total, 95), details, problems };
}

export async function run({ log }) {
  return withChainStack({ name, log }, async (stack) => {
    const { db, rpc, manifest, apiPort, loadAtStart, startedAt } = stack;
    const historyUser = await createSignedInUser(db, "bench_history");
    const latencyUser = await createSignedInUser(db, "bench_depositor");
    const apiUp = stack.startApi();
    log(`chain, contracts, Postgres and migrations ready in ${seconds(performance.now() - startedAt)}; generating the history`);
    const history = await generateHistory(rpc, manifest, depositRefOf(historyUser.id), log);
    await apiUp;
    const historyBalanceBefore = await balanceUnits(apiPort, historyUser);

    const backfilled = await backfill(stack, history.lastBlock);
    if (process.env.BENCH_VERBOSE)
      log(
        `row counts (ms, rows): ${backfilled.samples
          .filter(([, n], i, all) => i === 0 || n !== all[i - 1][1])
          .map(([t, n]) => `${t.toFixed(0)}:${n}`)
          .join(" ")}`,
      );
    const settledMs = (await waitForSettled(db, HISTORY_DEPOSITS)) - backfilled.t0 - backfilled.complete;
    const historyCredited = (await balanceUnits(apiPort, historyUser)) - historyBalanceBefore;

    log(`backfill done; ${LATENCY_DEPOSITS} deposits one after the other for the latency`);
    const depositor = await fundedWallet(rpc, manifest, {
      loop: BigInt(LATENCY_DEPOSITS + 1) * ONE_LOOP,
      spender: manifest.contracts.LoopVault.address,
    });
    const latencies = await depositLatencies({ depositor, manifest, rpc, db, apiPort, user: latencyUser, count: LATENCY_DEPOSITS });

    const { p95, details, problems } = report({ latencies, history, backfilled, settledMs, historyCredited, loadAtStart });
    if (problems.length > 0) throw new Error(`${problems.join("; ")}:\n${details.join("\n")}`);
    return { value: p95, unit: "ms p95", budget: LATENCY_P95_BUDGET_MS, lowerIsBetter: true, details };
  });
}
