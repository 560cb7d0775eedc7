// In-app LOOP transfers under load: a throw-away embedded Postgres migrated by the API's own
// `migrate`, 1,000 users (each gets the 500 LOOP welcome bonus from the database trigger, which is
// promotional LOOP and cannot be sent, and 500 LOOP bought, which can) with a session each, then the real API (`src/main.ts`, its own process) under 50 concurrent keep-alive
// clients sending POST /api/tokens/transfer between random pairs of those accounts, each with its
// own Idempotency-Key. One request in twenty is sent a second time with the same key and must get
// the same answer without moving money again. Afterwards the ledger is audited: `ledger:check`
// (balanced entries, cached balances, no negative account, holds), the withdrawable LOOP held by
// users equals what they bought, and the number of entries equals the bonuses, the purchases and the transfers answered
// 201 and the control's posts. The control (api/bench/control-server.ts) runs in turns with the API,
// on the same members: one balanced app.ledger_post per request through node:http and pg, no
// framework. The figure is accepted transfers per second ÷ the control's posts per second; the
// budget a floor of 0.6.
import { randomBytes, randomUUID, createHash } from "node:crypto";
import http from "node:http";
import os from "node:os";
import { loadAverage, measureCpu, percentile, runNode, startControl, withDbClient, withMigratedDatabase } from "./api-harness.mjs";

export const name = "transfers";
export const description =
  "POST /api/tokens/transfer between 1,000 accounts, 50 concurrent clients, accepted transfers per second as a ratio to a bare ledger_post control (ledger audited after)";
/**
 * Accepted transfers per second at least this many times the bare control's balanced ledger_post
 * calls per second, in the same run (issue 39): a budget that holds on any machine.
 */
export const THROUGHPUT_RATIO_FLOOR = 0.6;

const ACCOUNTS = Number(process.env.BENCH_TRANSFER_ACCOUNTS ?? 1_000);
const CONCURRENCY = 50;
const WARMUP_MS = 2_000;
const MEASURE_MS = Number(process.env.BENCH_TRANSFER_SECONDS ?? 15) * 1000;
/** LOOP and its control take turns of this length. */
const SLICE_MS = 2_500;
const REPLAY_EVERY = 20;
const UNITS_PER_LOOP = 100_000_000n;
const WELCOME_UNITS = 500n * UNITS_PER_LOOP;
/** Up to 1 LOOP per transfer: 500 LOOP per account never runs dry in a run of this length. */
const MAX_TRANSFER_UNITS = 100_000_000;

const formatLoop = (units) => `${units / UNITS_PER_LOOP}.${String(units % UNITS_PER_LOOP).padStart(8, "0")}`;

/**
 * Users by SQL (the welcome trigger credits each its promotional bonus), 500 LOOP each they can send
 * (as bought from an admin: an `admin_airdrop` from issuance), and one session per user with a known token.
 * Also used by scale.mjs: `prefix` names the users (`<prefix><n>`, e-mail `<prefix><n>@loop.local`
 * unless the default) and `units` is what each gets to spend (ledger units, 10⁻⁸ LOOP).
 */
export async function createAccounts(db, count, { prefix = null, units = WELCOME_UNITS } = {}) {
  const { rows } = await db.query(
    `INSERT INTO "app"."users" ("username", "email")
     SELECT COALESCE($2::text, 'bench_sender_') || g, COALESCE($2::text, 'bench') || g || '@loop.local' FROM generate_series(1, $1::int) AS g
     RETURNING "id"`,
    [count, prefix],
  );
  await db.query(
    `SELECT "app"."ledger_post"('bench-fund:' || u, 'admin_airdrop', 'Bought LOOP (bench)',
       ARRAY["app"."ledger_user_account"(u), "app"."ledger_platform_account"('issuance', hashtext(u::text))],
       ARRAY[$2::bigint, -$2::bigint])
     FROM unnest($1::uuid[]) AS u`,
    [rows.map((row) => row.id), units.toString()],
  );
  const tokens = rows.map(() => randomBytes(32).toString("base64url"));
  await db.query(
    `INSERT INTO "app"."sessions" ("token_hash", "user_id", "expires_at")
     SELECT hash, id, now() + interval '1 day' FROM unnest($1::text[], $2::uuid[]) AS s(hash, id)`,
    [tokens.map((token) => createHash("sha256").update(token).digest("hex")), rows.map((row) => row.id)],
  );
  return rows.map((row, index) => ({ id: row.id, cookie: `loop_session=${tokens[index]}` }));
}

function post(agent, port, origin, account, body, key) {
  return postJson(agent, port, "/api/tokens/transfer", body, { cookie: account.cookie, origin, "idempotency-key": key });
}

/** POST of a JSON body: resolves to { status, text, ms } (status 0 when the request failed). */
function postJson(agent, port, urlPath, body, extraHeaders) {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...extraHeaders },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode, text, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      },
    );
    req.on("error", (error) => resolve({ status: 0, text: error.message, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    req.end(payload);
  });
}

/** Two different members of `accounts`, at random. */
function randomPair(accounts) {
  const from = accounts[Math.floor(Math.random() * accounts.length)];
  const to = accounts[Math.floor(Math.random() * accounts.length)];
  return [from, to === from ? accounts[(accounts.indexOf(from) + 1) % accounts.length] : to];
}

/** `slice(ms, record)` runs `client(until, record)` CONCURRENCY times at once for `ms`; `seconds()` adds up the recorded slices. */
function inSlices(client) {
  let recorded = 0;
  return {
    async slice(ms, record) {
      const started = Date.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, () => client(started + ms, record)));
      if (record) recorded += (Date.now() - started) / 1000;
    },
    seconds: () => recorded,
  };
}

/**
 * CONCURRENCY clients sending transfers between random pairs of `accounts` (one in REPLAY_EVERY sent
 * again with its key), run in slices (`slice(ms, record)`); `finish()` gives what they recorded.
 */
function transferDriver(port, origin, accounts) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const stats = { accepted: 0, measuredAccepted: 0, refused: 0, replays: 0, replayMismatches: 0, failures: [], latencies: [] };
  let counter = 0;
  const client = async (until, record) => {
    while (Date.now() < until) {
      const index = counter++;
      const [from, to] = randomPair(accounts);
      const body = {
        toUserId: to.id,
        amount: formatLoop(BigInt(1 + Math.floor(Math.random() * MAX_TRANSFER_UNITS))),
        description: `bench ${index}`,
      };
      const key = randomUUID();
      const answer = await post(agent, port, origin, from, body, key);
      if (answer.status === 201) {
        stats.accepted++;
        if (record) {
          stats.measuredAccepted++;
          stats.latencies.push(answer.ms);
        }
        if (index % REPLAY_EVERY === 0) {
          const replay = await post(agent, port, origin, from, body, key);
          stats.replays++;
          if (replay.status !== 201 || replay.text !== answer.text) stats.replayMismatches++;
        }
      } else {
        stats.refused++;
        if (stats.failures.length < 5) stats.failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
  };
  const { slice, seconds } = inSlices(client);
  return {
    slice,
    finish() {
      agent.destroy();
      return { ...stats, seconds: seconds() };
    },
  };
}

/**
 * The control's clients: CONCURRENCY of them posting one balanced app.ledger_post between random
 * pairs of the same members (a fresh key each) to the bare control server, in slices as transferDriver.
 */
function controlDriver(port, accounts) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let posted = 0;
  let measured = 0;
  const failures = [];
  const client = async (until, record) => {
    while (Date.now() < until) {
      const [from, to] = randomPair(accounts);
      const units = String(1 + Math.floor(Math.random() * MAX_TRANSFER_UNITS));
      const answer = await postJson(agent, port, "/control/ledger-post", { from: from.id, to: to.id, units }, {});
      if (answer.status === 201) {
        posted++;
        if (record) measured++;
      } else if (failures.length < 5) failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
    }
  };
  const { slice, seconds } = inSlices(client);
  return {
    slice,
    finish() {
      agent.destroy();
      if (failures.length > 0) throw new Error(`the control's ledger_post failed: ${failures.join("; ")}`);
      return { posted, measured, perSecond: measured / seconds() };
    },
  };
}

const TOTALS_SQL = `
  SELECT (SELECT COALESCE(SUM("balance"), 0)::text FROM "app"."ledger_accounts" WHERE "kind" = 'user') AS user_total,
         (SELECT COUNT(*)::int FROM "app"."ledger_entries") AS entries,
         (SELECT COUNT(*)::int FROM "app"."ledger_accounts" WHERE "kind" = 'user' AND "balance" < 0) AS negative`;

async function totals(db) {
  const { user_total: userTotal, entries, negative } = (await db.query(TOTALS_SQL)).rows[0];
  return { userTotal: BigInt(userTotal), entries, negative };
}

/** The audit: every violation found, as text (empty when the ledger is sound). */
async function audit(db, before, accepted, env, log) {
  const violations = [];
  try {
    await runNode(["--import", "tsx", "src/db/ledger-check.ts"], env, log);
  } catch (error) {
    violations.push(`ledger:check failed (${error.message})`);
  }
  const after = await totals(db);
  // Transfers move LOOP between users: the users' total may not change, and each accepted
  // transfer (replays included) is exactly one new entry.
  if (after.userTotal !== before.userTotal)
    violations.push(`users hold ${formatLoop(after.userTotal)} LOOP, ${formatLoop(before.userTotal)} before`);
  if (after.entries - before.entries !== accepted)
    violations.push(`${after.entries - before.entries} new entries for ${accepted} accepted transfers and control posts`);
  if (after.negative !== 0) violations.push(`${after.negative} accounts below zero`);
  return { violations, entries: after.entries };
}

export async function run({ log }) {
  return withMigratedDatabase("loop-bench-transfers-", log, async (stage) => {
    const { apiPort, env, loadAtStart } = stage;
    return withDbClient(stage.databaseUrl, async (db) => {
      const accounts = await createAccounts(db, ACCOUNTS);
      log(`${accounts.length.toLocaleString("en")} accounts with 500 LOOP to send (and a promotional welcome bonus) and a session each`);
      const before = await totals(db);
      if (before.userTotal < BigInt(accounts.length) * WELCOME_UNITS) throw new Error("the accounts did not get their 500 LOOP");
      const api = await stage.startApi();
      const control = await startControl(stage.databaseUrl, log);
      log(
        `API up on port ${apiPort}, the control on port ${control.port}; ${CONCURRENCY} clients, ${WARMUP_MS / 1000} s warm-up each, ` +
          `${MEASURE_MS / 1000} s measured each in turns of ${SLICE_MS / 1000} s`,
      );
      // In turns (ABBA…): a change of the machine's speed or load falls on both alike. The CPU of each
      // server and of Postgres is counted during its own slices.
      const ours = transferDriver(apiPort, `http://localhost:${apiPort}`, accounts);
      const bareDriver = controlDriver(control.port, accounts);
      const turns = [
        { driver: ours, pid: api.child.pid, apiMs: 0, postgresMs: 0 },
        { driver: bareDriver, pid: control.child.pid, apiMs: 0, postgresMs: 0 },
      ];
      for (const turn of turns) await turn.driver.slice(WARMUP_MS, false);
      const rounds = Math.max(2, Math.round(MEASURE_MS / SLICE_MS));
      for (let round = 0; round < rounds; round += 1) {
        for (const turn of round % 2 === 0 ? turns : [...turns].reverse()) {
          const { apiMs, postgresMs } = await measureCpu(turn.pid, stage.pgDataDir, () => turn.driver.slice(SLICE_MS, true));
          turn.apiMs += apiMs;
          turn.postgresMs += postgresMs;
        }
      }
      const result = ours.finish();
      const bare = bareDriver.finish();
      await stage.stopApis();
      await control.stop();
      // Every accepted transfer and every control post is one entry.
      const { violations, entries } = await audit(db, before, result.accepted + bare.posted, env, log);
      const perSecond = result.measuredAccepted / result.seconds;
      const ratio = perSecond / bare.perSecond;
      const ratioOk = ratio >= THROUGHPUT_RATIO_FLOOR;
      const sorted = result.latencies.sort((a, b) => a - b);
      const details = [
        `accepted transfers: ${perSecond.toFixed(0)}/s (${result.measuredAccepted.toLocaleString("en")} in ${result.seconds.toFixed(1)} s measured; ${result.accepted.toLocaleString("en")} with the warm-up); refused: ${result.refused}`,
        `latency of accepted transfers: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
        `replays with the same Idempotency-Key: ${result.replays}, answered differently: ${result.replayMismatches}`,
        `audit: ${entries.toLocaleString("en")} ledger entries; invariant violations: ${violations.length + result.replayMismatches}`,
        ...violations.map((violation) => `  violation: ${violation}`),
        ...result.failures.map((failure) => `  refused: ${failure}`),
        `CPU per accepted transfer: API process ${(turns[0].apiMs / result.measuredAccepted).toFixed(2)} ms, Postgres ${(turns[0].postgresMs / result.measuredAccepted).toFixed(2)} ms (replays included)`,
        `control (one balanced app.ledger_post per request through node:http and pg, api/bench/control-server.ts): ${bare.perSecond.toFixed(0)}/s; ` +
          `CPU per post: server ${(turns[1].apiMs / bare.measured).toFixed(2)} ms, Postgres ${(turns[1].postgresMs / bare.measured).toFixed(2)} ms`,
        `transfers ÷ control: ${ratio.toFixed(2)} × the control's throughput ${ratioOk ? "✓" : "✗"} budget >= ${THROUGHPUT_RATIO_FLOOR} ×`,
        `(machine: ${os.cpus().length} CPU, load average ${loadAtStart} at the start, ${loadAverage()} at the end: the load generator, the API and Postgres share it)`,
      ];
      if (violations.length > 0 || result.replayMismatches > 0) throw new Error(`the ledger audit failed:\n${details.join("\n")}`);
      return { value: ratio, unit: "× control throughput", budget: THROUGHPUT_RATIO_FLOOR, lowerIsBetter: false, details };
    });
  });
}
