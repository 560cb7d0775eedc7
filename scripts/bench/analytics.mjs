// Creator analytics at scale (issue 23): a throw-away embedded Postgres migrated by the API's own
// `migrate`, then by SQL (generate_series) one creator with 1,000 loops and 100,000 sales over a year
// (in-app LOOP, wallet, PayPal, card; 1 % refunded), 200,000 plays, 50,000 downloads and 20,000 offers
// on them, plus other creators' loops and sales around them. Every row goes through the rollup
// triggers as the app's writes do. Then the real API (`src/main.ts`, its own process), one client at a
// time: GET /api/analytics/creator?range=30d and ?range=all (p50/p95), all four in turns of 20 requests:
// the same two requests to the bare control (api/bench/control-server.ts: the API's two statements
// through node:http and pg, no framework) on the same data. Budgets, so that they hold on any machine: LOOP's
// p95 at most 1.5 × the control's for each range, and 30 days costing Postgres no more CPU per
// request than all time (issue 39). Also the time of GET /api/analytics/creator/sales.csv?range=all
// (100,000 lines, streamed). Everything it starts is removed at the end.
import http from "node:http";
import {
  apiRequest,
  createSignedInUser,
  measureCpu,
  percentile,
  startControl,
  withDbClient,
  withMigratedDatabase,
} from "./api-harness.mjs";

/** The CPU per request of a target's measured blocks: its server's process, Postgres. */
const cpuPerRequest = (run) => `server ${(run.apiMs / REQUESTS).toFixed(1)} ms, Postgres ${(run.postgresMs / REQUESTS).toFixed(1)} ms`;

export const name = "analytics";
export const description =
  "p95 of GET /api/analytics/creator (range 30d and all) for a creator with 1,000 loops and 100,000 sales, as a ratio to a bare control of the same statements";
/** LOOP's p95 may be at most this many times the bare control's (the same statements, no framework), in the same run. */
export const P95_RATIO_BUDGET = 1.5;
/** range=30d may cost Postgres at most this many times range=all's CPU per request. */
export const RANGE_COST_BUDGET = 1;

const LOOPS = 1000;
const SALES = Number(process.env.BENCH_ANALYTICS_SALES ?? 100_000);
const BUYERS = 100;
const REQUESTS = 200;
const WARMUP = 20;
/** Requests per turn of each target (latencyInTurns). */
const BLOCK = 20;

async function generate(db) {
  await db.query("SELECT setseed(0.23)");
  const creator = await createSignedInUser(db, "bench_creator");
  await db.query(`
    INSERT INTO "app"."users" ("username", "email")
    SELECT 'bench_buyer_' || g, 'bench_buyer_' || g || '@loop.local' FROM generate_series(1, ${BUYERS}) AS g`);
  await db.query(`
    INSERT INTO "app"."users" ("username", "email")
    SELECT 'bench_other_' || g, 'bench_other_' || g || '@loop.local' FROM generate_series(1, 50) AS g`);
  const genre = (await db.query('SELECT min("id") AS id FROM "app"."genres"')).rows[0].id;
  const loopColumns = `"id", "user_id", "genre_id", "title", "price_cents", "is_free", "status", "is_public", "original_key", "original_format", "created_at"`;
  // The creator's 1,000 loops, and 5,000 of 50 other creators.
  await db.query(
    `INSERT INTO "app"."loops" (${loopColumns})
     SELECT gen_random_uuid(), $1::uuid, $2, 'Bench loop ' || g, 99 + floor(random() * 2000)::int, false, 'ready', true, 'loops/bench/' || g, 'wav', now() - interval '400 days'
     FROM generate_series(1, ${LOOPS}) AS g`,
    [creator.id, genre],
  );
  await db.query(
    `INSERT INTO "app"."loops" (${loopColumns})
     SELECT gen_random_uuid(), o."id", $1, 'Other loop ' || g, 499, false, 'ready', true, 'loops/other/' || g, 'wav', now() - interval '400 days'
     FROM generate_series(1, 5000) AS g JOIN "app"."users" o ON o."username" = 'bench_other_' || (1 + g % 50)`,
    [genre],
  );
  const t0 = Date.now();
  // Sale g: loop g % n, buyer g / n (unique per buyer, loop and format), a method, a time in the last
  // year. In-app LOOP sales get their ledger entry (app.ledger_post: issuance → seller the price, → fees
  // the fee), as purchases_loop_paid_check requires and as the rollups read the seller's proceeds.
  const sales = async (ownerSql, count, loopCount) => {
    await db.query(`DROP TABLE IF EXISTS bench_sales`);
    await db.query(`
      CREATE TEMP TABLE bench_sales AS
      WITH loops AS MATERIALIZED (SELECT "id", "app"."ledger_user_account"("user_id") AS seller_account, "price_cents", row_number() OVER (ORDER BY "id") - 1 AS n
                             FROM "app"."loops" WHERE ${ownerSql}),
           buyers AS (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n FROM "app"."users" WHERE "username" LIKE 'bench_buyer_%')
      SELECT g, l."id" AS loop_id, l.seller_account, b."id" AS buyer_id, l."price_cents" AS price,
             (l."price_cents" * 2 + 50) / 100 AS fee, m.method, gen_random_uuid() AS entry_id,
             now() - power(random(), 1.5) * interval '365 days' AS created_at
      FROM generate_series(0, ${count - 1}) AS g
      JOIN loops l ON l.n = g % ${loopCount}
      JOIN buyers b ON b.n = (g / ${loopCount}) % ${BUYERS}
      CROSS JOIN LATERAL (SELECT (ARRAY['loop', 'loop', 'wallet', 'paypal', 'card'])[1 + floor(random() * 5)::int + (g * 0)] AS method) AS m`);
    await db.query(`
      SELECT count(*) FROM bench_sales s, LATERAL "app"."ledger_post"('bench-sale:' || s.entry_id, 'purchase', NULL,
        ARRAY["app"."ledger_platform_account"('issuance', hashtext(s.entry_id::text)), s.seller_account,
              "app"."ledger_platform_account"('fees', hashtext(s.entry_id::text))],
        ARRAY[-(s.price + s.fee)::bigint * 500000000, s.price::bigint * 500000000, s.fee::bigint * 500000000], s.entry_id, s.created_at)
      WHERE s.method = 'loop'`);
    await db.query(`
      INSERT INTO "app"."purchases" ("loop_id", "buyer_id", "format", "price_cents", "fee_cents", "method", "loop_units", "ledger_entry_id", "external_ref", "created_at")
      SELECT loop_id, buyer_id, 'mp3', price, fee, method,
             CASE WHEN method IN ('loop', 'wallet') THEN (price + fee)::bigint * 500000000 END,
             CASE WHEN method = 'loop' THEN entry_id END,
             CASE WHEN method = 'wallet' THEN '0x' || md5(g::text) || md5((g + 1)::text) END,
             created_at
      FROM bench_sales`);
  };
  // The loops' purchase counts (a row trigger: one UPDATE of the loop per sale) are set once afterwards,
  // as catalog.mjs sets them; the analytics triggers stay on.
  await db.query(`ALTER TABLE "app"."purchases" DISABLE TRIGGER "purchases_count_on_loop"`);
  await sales(`"user_id" = '${creator.id}'`, SALES, LOOPS);
  await sales(`"title" LIKE 'Other loop %'`, 50_000, 5000);
  await db.query(`ALTER TABLE "app"."purchases" ENABLE TRIGGER "purchases_count_on_loop"`);
  await db.query(`
    UPDATE "app"."loops" l SET "purchase_count" = c.n FROM (SELECT "loop_id", count(*)::int AS n FROM "app"."purchases" GROUP BY "loop_id") c
    WHERE c."loop_id" = l."id"`);
  // 1 % refunded, some days after the sale.
  await db.query(`
    UPDATE "app"."purchases" p SET "refunded_at" = LEAST(now(), p."created_at" + interval '3 days'), "refund_ref" = 'bench'
    WHERE p."loop_id" IN (SELECT "id" FROM "app"."loops" WHERE "user_id" = '${creator.id}') AND random() < 0.01`);
  log?.(`  sales in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // Plays as the API records them (then swept), downloads, offers that closed.
  await db.query(`
    INSERT INTO "app"."play_listeners" ("loop_id", "listener", "counted_at")
    SELECT l."id", decode(md5(g::text), 'hex'), now() - power(random(), 1.5) * interval '365 days'
    FROM generate_series(0, 199999) AS g
    JOIN (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n FROM "app"."loops" WHERE "user_id" = '${creator.id}') l ON l.n = g % ${LOOPS}`);
  await db.query(`DELETE FROM "app"."play_listeners"`);
  await db.query(`
    INSERT INTO "app"."loop_downloads" ("loop_id", "user_id", "format", "created_at")
    SELECT l."id", b."id", 'mp3', now() - random() * interval '365 days'
    FROM generate_series(0, 49999) AS g
    JOIN (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n FROM "app"."loops" WHERE "user_id" = '${creator.id}') l ON l.n = g % ${LOOPS}
    JOIN (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n FROM "app"."users" WHERE "username" LIKE 'bench_buyer_%') b ON b.n = g / ${LOOPS}`);
  await db.query(
    `
    INSERT INTO "app"."negotiations" ("loop_id", "buyer_id", "seller_id", "format", "status", "offer_cents", "fee_bps", "expires_at", "created_at")
    SELECT l."id", b."id", $1::uuid, 'mp3', (ARRAY['rejected', 'withdrawn', 'expired'])[1 + floor(random() * 3)::int + (g * 0)], 50, 200,
           now(), now() - random() * interval '365 days'
    FROM generate_series(0, 19999) AS g
    JOIN (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n FROM "app"."loops" WHERE "user_id" = $1::uuid) l ON l.n = g % ${LOOPS}
    JOIN (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n FROM "app"."users" WHERE "username" LIKE 'bench_buyer_%') b ON b.n = g / ${LOOPS}`,
    [creator.id],
  );
  await db.query("VACUUM ANALYZE");
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM "app"."loop_daily_stats" WHERE "user_id" = $1::uuid)::int AS loop_days,
            (SELECT sum("sales_loop" + "sales_wallet" + "sales_paypal" + "sales_card") FROM "app"."creator_daily_stats" WHERE "user_id" = $1::uuid)::int AS sales`,
    [creator.id],
  );
  return { creator, ...rows[0] };
}
let log;

async function timed(port, urlPath, cookie, agent) {
  const t0 = process.hrtime.bigint();
  const { status, body } = await apiRequest(port, "GET", urlPath, { cookie, agent });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (status !== 200) throw new Error(`GET ${urlPath}: ${status} ${String(JSON.stringify(body)).slice(0, 200)}`);
  return { ms, body };
}

/**
 * One client at a time on each target in turns (blocks of BLOCK requests, ABBA…) after WARMUP each:
 * what changes on the machine during the run falls on both alike. Per target: p50, p95, the last
 * body, and the CPU of its server and of Postgres during its own blocks (per request: `cpuMs / REQUESTS`).
 */
async function latencyInTurns(targets) {
  const runs = targets.map((target) => ({
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    times: [],
    body: undefined,
    apiMs: 0,
    postgresMs: 0,
    target,
  }));
  for (const run of runs) for (let i = 0; i < WARMUP; i += 1) await timed(run.target.port, run.target.path, run.target.cookie, run.agent);
  for (let block = 0; block * BLOCK < REQUESTS; block += 1) {
    for (const run of block % 2 === 0 ? runs : [...runs].reverse()) {
      const { apiMs, postgresMs } = await measureCpu(run.target.pid, run.target.pgDataDir, async () => {
        for (let i = 0; i < BLOCK; i += 1) {
          const { ms, body } = await timed(run.target.port, run.target.path, run.target.cookie, run.agent);
          run.times.push(ms);
          run.body = body;
        }
      });
      run.apiMs += apiMs;
      run.postgresMs += postgresMs;
    }
  }
  return runs.map((run) => {
    run.agent.destroy();
    const sorted = [...run.times].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), body: run.body, apiMs: run.apiMs, postgresMs: run.postgresMs };
  });
}

export async function run({ log: say }) {
  log = say;
  return withMigratedDatabase("loop-bench-analytics-", log, async (stage) => {
    const { apiPort, pgDataDir } = stage;
    const t0 = Date.now();
    const data = await withDbClient(stage.databaseUrl, generate);
    log(
      `generated 1 creator with ${LOOPS.toLocaleString("en")} loops and ${data.sales.toLocaleString("en")} standing sales (${data.loop_days.toLocaleString("en")} loop-days of rollups) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    const api = await stage.startApi();
    // The control: the same two statements through node:http and pg (api/bench/control-server.ts).
    const control = await startControl(stage.databaseUrl, log);
    const details = [];
    const failures = [];
    const measured = {};
    try {
      // Both ranges of both servers in one set of turns: what the machine does meanwhile (autovacuum
      // after the generation, other work) falls on all four alike, and 30 days' cost is compared with
      // all time's measured beside it.
      const ranges = ["30d", "all"];
      const urlPathOf = (range) => `/api/analytics/creator?range=${range}`;
      const runs = await latencyInTurns(
        ranges.flatMap((range) => [
          { port: apiPort, path: urlPathOf(range), cookie: data.creator.cookie, pid: api.child.pid, pgDataDir },
          { port: control.port, path: `${urlPathOf(range)}&userId=${data.creator.id}`, pid: control.child.pid, pgDataDir },
        ]),
      );
      ranges.forEach((range, i) => (measured[range] = { loop: runs[2 * i], bare: runs[2 * i + 1] }));
      for (const range of ranges) {
        const urlPath = urlPathOf(range);
        const { loop, bare } = measured[range];
        const ratio = loop.p95 / bare.p95;
        const ok = ratio <= P95_RATIO_BUDGET;
        details.push(
          `GET ${urlPath}: p50 ${loop.p50.toFixed(1)} ms, p95 ${loop.p95.toFixed(1)} ms ` +
            `(${loop.body.days.length} days, ${loop.body.loops.length} loops, ${loop.body.totals.sales} sales; CPU per request: ${cpuPerRequest(loop)})`,
          `  control: p50 ${bare.p50.toFixed(1)} ms, p95 ${bare.p95.toFixed(1)} ms (CPU per request: ${cpuPerRequest(bare)})`,
          `  p95 ${ratio.toFixed(2)} × the control's ${ok ? "✓" : "✗"} budget <= ${P95_RATIO_BUDGET} ×`,
        );
        if (!ok) failures.push(`range=${range}: p95 ${ratio.toFixed(2)} × the control's (budget ${P95_RATIO_BUDGET} ×)`);
        if (range === "all" && loop.body.totals.sales !== data.sales)
          failures.push(`range=all counts ${loop.body.totals.sales} sales, the rollups ${data.sales}`);
      }
    } finally {
      await control.stop();
    }
    // 30 days reads fewer rows than all time: it may cost Postgres no more (issue 39).
    const postgresPerRequest = (run) => run.postgresMs / REQUESTS;
    const rangeRatio = postgresPerRequest(measured["30d"].loop) / postgresPerRequest(measured.all.loop);
    const rangeOk = rangeRatio <= RANGE_COST_BUDGET;
    details.push(
      `Postgres CPU per request, 30 days ÷ all time: ${rangeRatio.toFixed(2)} ${rangeOk ? "✓" : "✗"} budget <= ${RANGE_COST_BUDGET}`,
    );
    if (!rangeOk) failures.push(`30 days costs Postgres ${rangeRatio.toFixed(2)} × all time (budget ${RANGE_COST_BUDGET})`);
    const csv = await timed(apiPort, "/api/analytics/creator/sales.csv?range=all", data.creator.cookie);
    const lines = csv.body.split("\r\n").length - 2;
    details.push(
      `GET /api/analytics/creator/sales.csv?range=all: ${lines.toLocaleString("en")} sales, ${(csv.body.length / 1e6).toFixed(1)} MB in ${csv.ms.toFixed(0)} ms`,
    );
    const worst = Math.max(...["30d", "all"].map((range) => measured[range].loop.p95 / measured[range].bare.p95));
    for (const failure of failures) details.push(`✗ over budget: ${failure}`);
    return {
      value: worst,
      unit: "× control p95 (worst range)",
      budget: P95_RATIO_BUDGET,
      lowerIsBetter: true,
      over: failures.length > 0,
      details,
    };
  });
}
