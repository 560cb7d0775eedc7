// Horizontal scaling (issue 21): one scratch embedded Postgres migrated by the API's own `migrate`,
// the catalog bench's data (generateCatalog: 10,000 users, 100,000 loops) plus a few hundred
// signed-in buyers with LOOP they can spend and send (transfers.mjs createAccounts: an admin airdrop
// through app.ledger_post). Then the same mixed load from 50 closed-loop keep-alive clients against
// two layouts of the real API (src/main.ts), measured in turns (a), (b), (b), (a) (TURNS):
//   (a) one process, LOOP_ROLES unset (api,worker: everything in one process, as `pnpm start`);
//   (b) two API processes (LOOP_ROLES=api on two ports) and one worker (LOOP_ROLES=worker,
//       WORKER_HEALTH_PORT), the clients spreading their requests round-robin over the two ports.
// The mix, by request share: browse 80 % (GET /api/loops, the catalog bench's filter mix, every other
// one with a buyer's session), search 10 % (GET /api/search, the catalog bench's typos and prefixes,
// half signed in), buy 5 % (POST /api/purchases of a paid loop with the LOOP balance, each purchase a
// loop nobody bought yet), transfer 5 % (POST /api/tokens/transfer of up to 1 LOOP between buyers);
// both POSTs with an Idempotency-Key. Prints per layout and kind req/s, p50/p95 and errors, and per
// layout the total, the CPU per request of the API processes (summed), the worker, Postgres and the
// load generator (from /proc, over the measured window), the connections Postgres held, the load
// average, what the database's sessions were doing (pg_stat_activity every 100 ms: on CPU, waiting
// for a lock and in which statement, idle inside a transaction); and the database's size after
// generation. Afterwards `ledger:check` and a count of the purchases and transfer entries against
// the accepted requests. Then the bare control's CPU per uncached GET /api/loops on the same data
// (the unit the mix's CPU is read in). Over budget (BUDGETS) when any request failed, the ledger
// check did, sessions waited on locks, layout (b) fell behind (a), or the mix cost too much CPU.
// The headline is the total req/s of layout (b). Figures and what they mean for capacity:
// docs/capacity.md.
// Knobs: BENCH_SCALE_LOOPS (100000), BENCH_SCALE_USERS (10000), BENCH_SCALE_BUYERS (300),
// BENCH_SCALE_SECONDS (20 measured per layout), BENCH_SCALE_WARMUP_REQUESTS (10,000 answered by each API
// process before it: see WARMUP_REQUESTS).
import { randomUUID } from "node:crypto";
import http from "node:http";
import os from "node:os";
import { httpOk } from "../lib/health.mjs";
import { freePort } from "../lib/ports.mjs";
import {
  cpuOf,
  loadAverage,
  percentile,
  postgresPids,
  runNode,
  startControl,
  waitForApi,
  withDbClient,
  withMigratedDatabase,
} from "./api-harness.mjs";
import { catalogScenarios, controlCatalogCpuMs, generateCatalog } from "./catalog.mjs";
import { createAccounts } from "./transfers.mjs";

export const name = "scale";
export const description =
  "mixed load (browse 80 % / search 10 % / buy 5 % / transfer 5 %), 50 clients, on 1 API process vs 2 API processes + 1 worker: total req/s of the latter";

const LOOPS = Number(process.env.BENCH_SCALE_LOOPS ?? 100_000);
const USERS = Number(process.env.BENCH_SCALE_USERS ?? 10_000);
const BUYERS = Number(process.env.BENCH_SCALE_BUYERS ?? 300);
/**
 * The budgets (issue 39 §3): Postgres sessions waiting on a lock (`Lock:*`) at most LOCK_WAITS on
 * average in each layout; layout (b) at least LAYOUT_B_RATIO × layout (a)'s throughput on the same
 * cores; the mix's CPU per request (every process: APIs, worker, Postgres) at most MIX_CPU_RATIO ×
 * the bare control's per uncached GET /api/loops on the same data (catalog.mjs), so it reads the
 * same on any machine. On the 2-core machine the budgets were set on, the control costs 0.69 ms
 * (100,000 loops) and the issue's 3.5 ms for the mix ("on this kind of machine") is 5 × it. The load
 * generator's CPU is printed but not counted: it is not the product's.
 */
export const BUDGETS = { lockWaits: 0.2, layoutRatio: 1, mixCpuRatio: 5 };
const CONCURRENCY = 50;
/**
 * Load before the measured window, per layout, counted in requests each API process has answered,
 * not in seconds: long enough for V8 to have compiled the hot paths (Prisma's query interpreter
 * above all) in every process. Warm-ups of fixed seconds left layout (b)'s two processes, each
 * seeing half the requests, partly running unoptimised code in the window: with 3 s on a quiet
 * machine 60 % more CPU in Prisma per request than layout (a)'s one process (docs/capacity.md,
 * run 7); with 10 s and one of the two cores taken, (a) 377 and (b) 334 req/s, where 30 s gave 486
 * and 495 (run 9). A slower machine answers fewer requests in the same seconds: the warm-up must
 * not depend on how fast it is. A server runs for days: the budgets are about that state.
 * At least WARMUP_MIN_MS, and at most WARMUP_MAX_MS (then the figures say the warm-up fell short).
 */
const WARMUP_REQUESTS = Number(process.env.BENCH_SCALE_WARMUP_REQUESTS ?? 10_000);
const WARMUP_MIN_MS = 10_000;
const WARMUP_MAX_MS = 180_000;
const MEASURE_MS = Number(process.env.BENCH_SCALE_SECONDS ?? 20) * 1000;
/**
 * The order the layouts are measured in, each turn a fresh start with its own warm-up and half the
 * layout's seconds: (a), (b), (b), (a). The machine's speed drifts during a run (on the 2-core bench
 * machine a turn ran up to 15 % faster or slower than the one before it, API, Postgres and load
 * generator alike), and measured one after the other the later layout had that drift for it or
 * against it. In this order a steady drift falls on both layouts equally, and each layout's figure
 * is two starts, not one. docs/decisions.md, "Layouts measured in turns".
 */
const TURNS = [
  { layout: 0, share: 0.5 },
  { layout: 1, share: 0.5 },
  { layout: 1, share: 0.5 },
  { layout: 0, share: 0.5 },
];
const UNITS_PER_LOOP = 100_000_000n;
/** What each buyer may spend and send: the dearest generated loop is $49.99 + 4 % = about 26,000 LOOP. */
const BUYER_UNITS = 2_000_000n * UNITS_PER_LOOP;
/** Up to 1 LOOP per transfer. */
const MAX_TRANSFER_UNITS = 100_000_000;

/** The request kinds in the order of the table, and one cycle of 20 requests giving their shares. */
const KINDS = ["browse, signed out", "browse, signed in", "search", "buy", "transfer"];
const CYCLE = Array.from({ length: 20 }, (_, slot) => {
  if (slot === 0) return "buy";
  if (slot === 10) return "transfer";
  if (slot === 5 || slot === 15) return "search";
  return "browse";
});

const formatLoop = (units) => `${units / UNITS_PER_LOOP}.${String(units % UNITS_PER_LOOP).padStart(8, "0")}`;
const mb = (bytes) => `${(Number(bytes) / 1024 / 1024).toFixed(0)} MB`;

/** One request with its latency: { status, ms, text }; a network error is status 0. */
function send(agent, port, { method = "GET", urlPath, cookie, body, key, origin }) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { accept: "application/json" };
  if (cookie) headers.cookie = cookie;
  if (payload !== undefined) {
    Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(payload), origin });
    if (key) headers["idempotency-key"] = key;
  }
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, ms: ms(), text }));
    });
    req.on("error", (error) => resolve({ status: 0, ms: ms(), text: error.message }));
    req.end(payload);
  });
}

/**
 * The mixed load on `ports` (round-robin per request): CONCURRENCY closed-loop clients, a warm-up,
 * then `measureMs` recorded. `cpu()` is read at the start and the end of the measured window.
 * `state` carries the counters across layouts (each purchase is a loop not bought before).
 */
async function mixedLoad({ ports, origin, buyers, paidLoops, scenarios, state, cpu, sample, measureMs }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * ports.length });
  const samples = new Map(KINDS.map((kind) => [kind, []]));
  const errors = new Map(KINDS.map((kind) => [kind, 0]));
  const failures = [];
  let counter = 0;
  let browses = 0;
  let searches = 0;
  let record = false;

  const next = () => {
    const index = counter++;
    // Round-robin, shifted by one every cycle: each kind of request reaches every port in turn.
    const port = ports[(index + Math.floor(index / CYCLE.length)) % ports.length];
    const slot = CYCLE[index % CYCLE.length];
    if (slot === "browse") {
      const i = browses++;
      const scenario = scenarios.loopScenarios[i % scenarios.loopScenarios.length];
      const signedIn = Math.floor(i / scenarios.loopScenarios.length) % 2 === 1;
      const urlPath = scenario.path(Math.floor(i / scenarios.loopScenarios.length));
      const cookie = signedIn ? buyers[i % buyers.length].cookie : undefined;
      return { kind: signedIn ? "browse, signed in" : "browse, signed out", port, request: { urlPath, cookie } };
    }
    if (slot === "search") {
      const i = searches++;
      const scenario = scenarios.searchScenarios[i % scenarios.searchScenarios.length];
      const urlPath = scenario.path(Math.floor(i / scenarios.searchScenarios.length));
      const cookie = i % 4 >= 2 ? buyers[i % buyers.length].cookie : undefined;
      return { kind: "search", port, request: { urlPath, cookie } };
    }
    if (slot === "buy") {
      const k = state.purchases++;
      if (k >= paidLoops.length) throw new Error(`more purchases than paid loops (${paidLoops.length}): lower BENCH_SCALE_SECONDS`);
      const buyer = buyers[k % buyers.length];
      const body = { loopId: paidLoops[k], format: k % 2 ? "mp3" : "wav", paymentMethod: "loop" };
      return {
        kind: "buy",
        port,
        request: { method: "POST", urlPath: "/api/purchases", cookie: buyer.cookie, body, key: randomUUID(), origin },
      };
    }
    const from = Math.floor(Math.random() * buyers.length);
    const to = (from + 1 + Math.floor(Math.random() * (buyers.length - 1))) % buyers.length;
    const body = {
      toUserId: buyers[to].id,
      amount: formatLoop(BigInt(1 + Math.floor(Math.random() * MAX_TRANSFER_UNITS))),
      description: `bench ${index}`,
    };
    return {
      kind: "transfer",
      port,
      request: { method: "POST", urlPath: "/api/tokens/transfer", cookie: buyers[from].cookie, body, key: randomUUID(), origin },
    };
  };

  /** Requests answered per port (warm-up included). */
  const answered = new Map();
  const client = async (going) => {
    while (going()) {
      const { kind, port, request } = next();
      const answer = await send(agent, port, request);
      answered.set(port, (answered.get(port) ?? 0) + 1);
      const ok = answer.status >= 200 && answer.status < 300;
      if (kind === "buy" && ok) state.acceptedPurchases++;
      if (kind === "transfer" && ok) state.acceptedTransfers++;
      if (!ok) {
        errors.set(kind, errors.get(kind) + 1);
        if (failures.length < 5) failures.push(`${kind}: ${answer.status} ${request.urlPath} ${answer.text.slice(0, 200)}`);
      }
      if (record) samples.get(kind).push(ok ? answer.ms : NaN);
    }
  };
  const clientsWhile = (going) => Promise.all(Array.from({ length: CONCURRENCY }, () => client(going)));
  const warmUpStarted = Date.now();
  await clientsWhile(() => {
    const elapsed = Date.now() - warmUpStarted;
    if (elapsed < WARMUP_MIN_MS) return true;
    return elapsed < WARMUP_MAX_MS && ports.some((port) => (answered.get(port) ?? 0) < WARMUP_REQUESTS);
  });
  const warmUp = { seconds: (Date.now() - warmUpStarted) / 1000, perProcess: ports.map((port) => answered.get(port) ?? 0) };
  record = true;
  const cpuBefore = cpu();
  const started = Date.now();
  const [, waits] = await Promise.all([clientsWhile(() => Date.now() < started + measureMs), sample(started + measureMs)]);
  const seconds = (Date.now() - started) / 1000;
  const cpuAfter = cpu();
  const load1 = os.loadavg()[0];
  agent.destroy();

  const allErrors = [...errors.values()].reduce((a, b) => a + b, 0);
  return { samples, seconds, allErrors, failures, cpuBefore, cpuAfter, load1, waits, warmUp };
}

/** req/s, p50, p95 and errors of one kind's latencies (NaN: a failed request) over `seconds`. */
function summarise(values, seconds) {
  const ok = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return {
    count: values.length,
    errors: values.length - ok.length,
    rps: values.length / seconds,
    p50: percentile(ok, 50),
    p95: percentile(ok, 95),
  };
}

/** Requests per second of one turn's measured window (every kind, failed ones included). */
const turnRate = (turn) => [...turn.samples.values()].reduce((sum, values) => sum + values.length, 0) / turn.seconds;

/**
 * One layout's figures from its turns (see TURNS): the latencies, seconds, CPU, errors and session
 * samples of every turn together, as if measured in one window.
 */
function combineTurns(turns) {
  const seconds = turns.reduce((sum, turn) => sum + turn.seconds, 0);
  const samples = new Map(KINDS.map((kind) => [kind, turns.flatMap((turn) => turn.samples.get(kind))]));
  const perKind = KINDS.map((kind) => ({ kind, ...summarise(samples.get(kind), seconds) }));
  const total = { kind: "total", ...summarise([...samples.values()].flat(), seconds) };
  const cpu = {};
  for (const turn of turns) for (const [group, ms] of Object.entries(turn.cpu)) cpu[group] = (cpu[group] ?? 0) + ms;
  return {
    perKind,
    total,
    seconds,
    cpu,
    allErrors: turns.reduce((sum, turn) => sum + turn.allErrors, 0),
    failures: turns.flatMap((turn) => turn.failures),
    waits: averageStates(turns.map((turn) => turn.waits)),
    connections: Math.max(...turns.map((turn) => turn.connections)),
    load1: turns.at(-1).load1,
  };
}

/** CPU ms of each group of processes (and of this process, the load generator) right now. */
function cpuSnapshot(groups, dataDir) {
  const pids = { ...groups, postgres: postgresPids(dataDir) };
  const snapshot = {};
  for (const [group, list] of Object.entries(pids)) snapshot[group] = cpuOf(list);
  const self = process.cpuUsage();
  snapshot.generator = (self.user + self.system) / 1000;
  return snapshot;
}

/** ms of CPU used by each group between two snapshots (processes that appeared in between count from 0). */
function cpuUsed(before, after) {
  const used = {};
  for (const group of Object.keys(after)) {
    if (group === "generator") used.generator = after.generator - before.generator;
    else {
      let ms = 0;
      for (const [pid, value] of after[group]) ms += value - (before[group]?.get(pid) ?? 0);
      used[group] = ms;
    }
  }
  return used;
}

async function databaseSizes(db) {
  const { rows } = await db.query(`
    SELECT pg_database_size(current_database())::bigint AS database,
      (SELECT COALESCE(sum(pg_table_size(c.oid)), 0)::bigint FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'm') AND n.nspname = 'app') AS tables,
      (SELECT COALESCE(sum(pg_indexes_size(c.oid)), 0)::bigint FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'm') AND n.nspname = 'app') AS indexes,
      current_setting('shared_buffers') AS shared_buffers, current_setting('max_connections') AS max_connections`);
  const top = await db.query(`
    SELECT c.relname AS name, pg_table_size(c.oid)::bigint AS data, pg_indexes_size(c.oid)::bigint AS indexes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname = 'app' ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 8`);
  return { ...rows[0], top: top.rows };
}

/** Client backends connected to the database now (the pools and listeners of the API processes, and this bench's one). */
async function connections(db) {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname = current_database()`,
  );
  return rows[0].n - 1;
}

/**
 * What the database's sessions are doing, sampled every 100 ms until `until`: the average number of
 * sessions per state (running on CPU, or waiting and for what; idle inside a transaction, i.e.
 * waiting for the API's next statement while holding its locks).
 */
async function sessionStates(db, until) {
  const totals = new Map();
  const statements = new Map();
  let samples = 0;
  while (Date.now() < until) {
    const { rows } = await db.query(`
      SELECT CASE WHEN state = 'active' THEN COALESCE(wait_event_type || ':' || wait_event, 'on CPU') ELSE state END AS what,
        left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS statement
      FROM pg_stat_activity
      WHERE backend_type = 'client backend' AND datname = current_database() AND pid <> pg_backend_pid()
        AND state IN ('active', 'idle in transaction')`);
    samples++;
    for (const { what, statement } of rows) {
      totals.set(what, (totals.get(what) ?? 0) + 1);
      // What the sessions waiting for a lock run, and what the idle-in-transaction ones ran last.
      if (what.startsWith("Lock:") || what === "idle in transaction") {
        const key = `${what === "idle in transaction" ? "idle after" : "waits in"}: ${statement}`;
        statements.set(key, (statements.get(key) ?? 0) + 1);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { samples, totals, statements };
}

/** The average number of sessions per state over the samples of one or more windows (sessionStates). */
function averageStates(windows) {
  const samples = windows.reduce((sum, window) => sum + window.samples, 0);
  const add = (into, from) => {
    for (const [key, n] of from) into.set(key, (into.get(key) ?? 0) + n);
    return into;
  };
  const totals = windows.reduce((into, window) => add(into, window.totals), new Map());
  const statements = windows.reduce((into, window) => add(into, window.statements), new Map());
  const average = [...totals].map(([what, n]) => ({ what, n: n / Math.max(samples, 1) })).sort((a, b) => b.n - a.n);
  // The six longest idle-in-transaction gaps, and every statement that waited on a lock (what the budget counts).
  const sorted = [...statements].sort((a, b) => b[1] - a[1]);
  const top = [
    ...sorted.filter(([statement]) => statement.startsWith("idle")).slice(0, 6),
    ...sorted.filter(([statement]) => statement.startsWith("waits")).slice(0, 6),
  ].map(([statement, n]) => ({ statement, n: n / Math.max(samples, 1) }));
  return { samples, busy: average.reduce((sum, { n }) => sum + n, 0), average, top };
}

async function waitForWorker(worker, port) {
  const deadline = Date.now() + 60_000;
  while (!(await httpOk(`http://127.0.0.1:${port}/health/ready`).catch(() => false))) {
    if (worker.child.exitCode !== null || Date.now() > deadline) throw new Error(`the worker did not start:\n${worker.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const num = (value, digits = 1) => (Number.isNaN(value) ? "n/a" : value.toFixed(digits));

export async function run({ log }) {
  return withMigratedDatabase("loop-bench-scale-", log, async (stage) => {
    const { loadAtStart, apiPort: portA, pgDataDir: pgData, spawnApi, stopApis } = stage;
    const [portB, workerPort] = [await freePort(), await freePort()];
    // One APP_URL for every process: the Origin the clients send is checked against it.
    const base = { ...stage.env };
    delete base.LOOP_ROLES;
    delete base.WORKER_HEALTH_PORT;
    const origin = base.APP_URL;

    return withDbClient(stage.databaseUrl, async (db) => {
      let t0 = Date.now();
      const stats = await generateCatalog(db, { users: USERS, loops: LOOPS });
      log(
        `generated ${USERS.toLocaleString("en")} users and ${stats.loops.toLocaleString("en")} loops (${stats.listed.toLocaleString("en")} listed, ${stats.free.toLocaleString("en")} free) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      const sizes = await databaseSizes(db);
      t0 = Date.now();
      const buyers = await createAccounts(db, BUYERS, { prefix: "bench_buyer_", units: BUYER_UNITS });
      const paidLoops = (
        await db.query(`SELECT l."id"::text FROM "app"."loops" l JOIN "app"."users" u ON u."id" = l."user_id"
          WHERE l."status" = 'ready' AND l."is_public" AND NOT l."is_free" AND l."price_cents" > 0 AND NOT u."is_banned"
          ORDER BY md5(l."id"::text)`)
      ).rows.map((row) => row.id);
      await db.query("VACUUM ANALYZE");
      log(
        `${buyers.length} buyers with ${formatLoop(BUYER_UNITS)} LOOP each and a session, ${paidLoops.length.toLocaleString("en")} paid listed loops, in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      const genreIds = (await db.query('SELECT id FROM "app"."genres" ORDER BY id')).rows.map((r) => r.id);
      const scenarios = catalogScenarios(genreIds);
      const state = { purchases: 0, acceptedPurchases: 0, acceptedTransfers: 0 };
      const transfersBefore = Number(
        (await db.query(`SELECT count(*)::int AS n FROM "app"."ledger_entries" WHERE "idempotency_key" LIKE 'transfer:%'`)).rows[0].n,
      );

      const layouts = [
        {
          label: "(a) 1 process (api,worker)",
          start: async () => {
            const one = spawnApi({ ...base, API_PORT: String(portA) });
            await waitForApi(one, portA);
            return { ports: [portA], groups: { api: [one.child.pid], worker: [] } };
          },
        },
        {
          label: "(b) 2 API processes + 1 worker",
          start: async () => {
            const apis = [portA, portB].map((port) => {
              return spawnApi({ ...base, API_PORT: String(port), LOOP_ROLES: "api" });
            });
            const worker = spawnApi({ ...base, LOOP_ROLES: "worker", WORKER_HEALTH_PORT: String(workerPort) });
            await Promise.all([waitForApi(apis[0], portA), waitForApi(apis[1], portB), waitForWorker(worker, workerPort)]);
            return { ports: [portA, portB], groups: { api: apis.map((a) => a.child.pid), worker: [worker.child.pid] } };
          },
        },
      ];
      const turns = TURNS.map(({ layout, share }) => ({ layout: layouts[layout], measureMs: Math.round(MEASURE_MS * share) }));
      const turnResults = [];
      for (const [i, { layout, measureMs }] of turns.entries()) {
        const { ports, groups } = await layout.start();
        const turn = `turn ${i + 1}/${turns.length}, ${layout.label}`;
        log(
          `${turn} up (ports ${ports.join(", ")}); ${CONCURRENCY} clients, a warm-up until each API process answered ${WARMUP_REQUESTS.toLocaleString("en")} requests (${WARMUP_MIN_MS / 1000}–${WARMUP_MAX_MS / 1000} s), ${measureMs / 1000} s measured`,
        );
        const result = await mixedLoad({
          ports,
          origin,
          buyers,
          paidLoops,
          scenarios,
          state,
          measureMs,
          cpu: () => cpuSnapshot(groups, pgData),
          sample: (until) => sessionStates(db, until),
        });
        result.connections = await connections(db);
        result.cpu = cpuUsed(result.cpuBefore, result.cpuAfter);
        turnResults.push({ layout, result });
        await stopApis();
        const { warmUp } = result;
        log(
          `${turn}: warmed up in ${warmUp.seconds.toFixed(1)} s (${warmUp.perProcess.map((n) => n.toLocaleString("en")).join(" + ")} requests)` +
            `${warmUp.perProcess.some((n) => n < WARMUP_REQUESTS) ? `, short of ${WARMUP_REQUESTS.toLocaleString("en")} per process` : ""}; ` +
            `${turnRate(result).toFixed(0)} req/s, ${result.allErrors} errors`,
        );
      }
      const results = layouts.map((layout) => ({
        layout,
        result: combineTurns(turnResults.filter((turn) => turn.layout === layout).map((turn) => turn.result)),
      }));

      // ---- The unit of CPU: the bare control's uncached catalog request on this data ----------------
      const control = await startControl(stage.databaseUrl, log);
      let controlMs;
      try {
        controlMs = await controlCatalogCpuMs(control, scenarios, pgData);
      } finally {
        await control.stop();
      }
      log(`control: ${controlMs.toFixed(3)} ms of CPU per uncached GET /api/loops (its server and Postgres)`);

      // ---- The ledger afterwards -----------------------------------------------------------------
      const violations = [];
      try {
        await runNode(["--import", "tsx", "src/db/ledger-check.ts"], base, log);
      } catch (error) {
        violations.push(`ledger:check failed (${error.message})`);
      }
      const counts = (
        await db.query(`SELECT (SELECT count(*)::int FROM "app"."purchases" WHERE "method" = 'loop') AS purchases,
          (SELECT count(*)::int FROM "app"."ledger_entries" WHERE "idempotency_key" LIKE 'transfer:%') AS transfers`)
      ).rows[0];
      if (counts.purchases !== state.acceptedPurchases)
        violations.push(`${counts.purchases} LOOP purchases recorded for ${state.acceptedPurchases} accepted`);
      if (counts.transfers - transfersBefore !== state.acceptedTransfers)
        violations.push(`${counts.transfers - transfersBefore} transfer entries for ${state.acceptedTransfers} accepted`);
      const after = await databaseSizes(db);

      // ---- The table ---------------------------------------------------------------------------
      const cores = os.cpus().length;
      const details = [];
      details.push(
        `machine: ${cores} cores (${os.cpus()[0]?.model ?? "?"}), load average ${loadAtStart} at the start; Postgres shared_buffers ${sizes.shared_buffers}, max_connections ${sizes.max_connections}`,
      );
      details.push(
        `data: ${stats.loops.toLocaleString("en")} loops, ${USERS.toLocaleString("en")} users, ${buyers.length} buyers; database ${mb(sizes.database)} after generation (tables ${mb(sizes.tables)}, indexes ${mb(sizes.indexes)}), ${mb(after.database)} after the load`,
      );
      details.push(
        `  largest tables (data + TOAST / indexes): ${sizes.top.map((t) => `${t.name} ${mb(t.data)} / ${mb(t.indexes)}`).join(", ")}`,
      );
      details.push(
        `mix per 20 requests: 16 browse (GET /api/loops, half signed in), 2 search (GET /api/search, half signed in), 1 buy (POST /api/purchases, LOOP), 1 transfer (POST /api/tokens/transfer); ${CONCURRENCY} clients; ${MEASURE_MS / 1000} s measured per layout, in turns`,
      );
      details.push(
        `turns (each a fresh start and warm-up; a layout's figures are its turns together): ${turnResults
          .map(({ layout, result }) => `${layout.label.slice(0, 3)} ${result.seconds.toFixed(0)} s ${turnRate(result).toFixed(0)} req/s`)
          .join(" → ")}`,
      );
      const header = `| layout | kind | req/s | p50 ms | p95 ms | errors |`;
      details.push(header, "|---|---|---:|---:|---:|---:|");
      for (const { layout, result } of results) {
        for (const r of [...result.perKind, result.total])
          details.push(
            `| ${r.kind === "total" ? `**${layout.label}**` : layout.label} | ${r.kind === "total" ? "**total**" : r.kind} | ${num(r.rps, 0)} | ${num(r.p50)} | ${num(r.p95)} | ${r.errors} |`,
          );
      }
      details.push("");
      details.push(
        `| layout | req/s | CPU ms/request: API processes (sum) | worker | Postgres | load generator | all | Postgres connections | load average (1 min) at the end |`,
      );
      details.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (const { layout, result } of results) {
        const n = result.total.count;
        const per = (ms) => (ms / n).toFixed(3);
        const all = result.cpu.api + result.cpu.worker + result.cpu.postgres + result.cpu.generator;
        details.push(
          `| ${layout.label} | ${num(result.total.rps, 0)} | ${per(result.cpu.api)} | ${layout.label.startsWith("(a)") ? "(in the API)" : per(result.cpu.worker)} | ${per(result.cpu.postgres)} | ${per(result.cpu.generator)} | ${per(all)} | ${result.connections} | ${result.load1.toFixed(1)} |`,
        );
      }
      for (const { layout, result } of results) {
        const { busy, average, samples, top } = result.waits;
        details.push(
          `${layout.label}: Postgres sessions busy on average ${busy.toFixed(1)} (${samples} samples): ${average.map(({ what, n }) => `${what} ${n.toFixed(2)}`).join(", ")}`,
        );
        for (const { statement, n } of top) details.push(`  ${n.toFixed(2)} ${statement}`);
      }
      details.push(
        `(CPU per request over the measured window; ${cores} cores = ${cores * 1000} ms of CPU per second: at ${num(results.at(-1).result.total.rps, 0)} req/s the layout (b) used ${((results.at(-1).result.cpu.api + results.at(-1).result.cpu.worker + results.at(-1).result.cpu.postgres + results.at(-1).result.cpu.generator) / (results.at(-1).result.seconds * 1000)).toFixed(2)} cores)`,
      );
      details.push(
        `ledger: ${state.acceptedPurchases} purchases and ${state.acceptedTransfers} transfers accepted (warm-ups included); ledger:check and the counts: ${violations.length === 0 ? "ok" : `${violations.length} violation(s)`}`,
      );
      for (const violation of violations) details.push(`  ✗ ${violation}`);
      for (const { layout, result } of results)
        for (const failure of result.failures) details.push(`  ✗ ${layout.label} failed: ${failure}`);
      details.push(
        `(machine: ${cores} CPU, load average ${loadAtStart} at the start, ${loadAverage()} at the end: the load generator, the APIs and Postgres share it)`,
      );
      // ---- The budgets ---------------------------------------------------------------------------
      const failures = [];
      const verdict = (ok) => (ok ? "✓" : "✗");
      for (const { layout, result } of results) {
        const lockWaits = result.waits.average.filter(({ what }) => what.startsWith("Lock:")).reduce((sum, { n }) => sum + n, 0);
        const all = (result.cpu.api + result.cpu.worker + result.cpu.postgres) / result.total.count;
        const ratio = all / controlMs;
        details.push(
          `${layout.label}: sessions waiting on locks ${lockWaits.toFixed(2)} (budget <= ${BUDGETS.lockWaits}) ${verdict(lockWaits <= BUDGETS.lockWaits)}; ` +
            `CPU per request (APIs, worker, Postgres) ${all.toFixed(2)} ms = ${ratio.toFixed(2)} × the control's ${controlMs.toFixed(2)} ms (budget <= ${BUDGETS.mixCpuRatio}) ${verdict(ratio <= BUDGETS.mixCpuRatio)}`,
        );
        if (lockWaits > BUDGETS.lockWaits) failures.push(`${layout.label}: ${lockWaits.toFixed(2)} sessions waiting on locks`);
        if (ratio > BUDGETS.mixCpuRatio) failures.push(`${layout.label}: CPU per request ${ratio.toFixed(2)} × the control's`);
      }
      const layoutRatio = results[1].result.total.rps / results[0].result.total.rps;
      details.push(
        `layout (b) ÷ layout (a), throughput: ${layoutRatio.toFixed(2)} × (budget >= ${BUDGETS.layoutRatio}) ${verdict(layoutRatio >= BUDGETS.layoutRatio)}`,
      );
      if (layoutRatio < BUDGETS.layoutRatio) failures.push(`layout (b) ${layoutRatio.toFixed(2)} × layout (a)'s throughput`);
      for (const failure of failures) details.push(`✗ over budget: ${failure}`);
      const errors = results.reduce((sum, { result }) => sum + result.allErrors, 0);
      return {
        value: results.at(-1).result.total.rps,
        unit: "req/s",
        lowerIsBetter: false,
        over: errors > 0 || violations.length > 0 || failures.length > 0,
        details,
      };
    });
  });
}
