// A loop's server-rendered page and the sitemap at scale (issue 36): a throw-away embedded Postgres
// with catalog.mjs's 10,000 users and 100,000 loops (and 2,000 public collections), the real API
// (`src/main.ts`) serving a web build's index.html (written into the scratch folder: no `pnpm build`),
// under 50 concurrent keep-alive clients. Two phases on the same process: the control, GET /tokens
// (the same index.html answered through the same route, with the default head and no query), then
// GET /loops/:id over 5,000 listed loops (one indexed statement, the head, the loop's data: nothing
// cached). The budget is the loop page's p95 as a multiple of the control's, measured in the same run
// (what the page's lookup and rendering add, whatever the machine's speed and load); the absolute
// p95 is printed beside the issue's 30 ms. Then the sitemap: /sitemap.xml (an index past 50,000 URLs)
// and every file it names, one after the other, at most 3 × the time a bare pg client takes to read the
// same rows in the same run (its control), printed beside the issue's 2 s.
import { timedGet } from "./lib.mjs";
import http from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAverage, measureCpu, percentile, waitForApi, withDbClient, withMigratedDatabase } from "./api-harness.mjs";
import { generateCatalog } from "./catalog.mjs";
import { builtIndexHtml } from "../lib/built-index-html.mjs";

export const name = "loop-page";
export const description =
  "p95 of GET /loops/:id (server-rendered head, uncached) with 100,000 loops, 50 clients, as a multiple of a bare page's; sitemap streaming time";
/** The loop page's p95 may be at most this many times the control page's (same process, same run). */
export const RATIO_BUDGET = 2.5;
/** The issue's figure, printed beside the ratio. */
export const LOOP_PAGE_P95_MS = 30;
/** How many times the sitemap and its control are each measured, in turns (the medians are compared). */
const SITEMAP_ROUNDS = 5;
/** The middle value. */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The sitemap (index and files) may take at most this many times its control: the same rows read by a bare client. */
export const SITEMAP_RATIO_BUDGET = 3;
/** The issue's figure, printed beside the ratio. */
export const SITEMAP_MS = 2_000;

const USERS = Number(process.env.BENCH_CATALOG_USERS ?? 10_000);
const LOOPS = Number(process.env.BENCH_CATALOG_LOOPS ?? 100_000);
const COLLECTIONS = 2_000;
const SAMPLE_LOOPS = 5_000;
const CONCURRENCY = 50;
const WARMUP_MS = 3_000;
const MEASURE_MS = Number(process.env.BENCH_LOOP_PAGE_SECONDS ?? 10) * 1000;

/** web/dist/index.html as Vite writes it (the head's title and description are replaced per page). */
const INDEX_HTML = builtIndexHtml([
  `<script type="module" crossorigin src="/assets/index-Bench123.js"></script>`,
  `<link rel="modulepreload" crossorigin href="/assets/react-Bench123.js">`,
  `<link rel="stylesheet" crossorigin href="/assets/index-Bench123.css">`,
]);

const get = (agent, port, urlPath) => timedGet(agent, port, urlPath, { accept: "text/html", "user-agent": "Twitterbot/1.0" });

/** CONCURRENCY clients, each sending its next request once the previous answer is read: a warm-up, then MEASURE_MS recorded. */
async function load(port, pathOf) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const samples = [];
  const failures = [];
  let counter = 0;
  let bytes = 0;
  const run = async (until, record) => {
    while (Date.now() < until) {
      const urlPath = pathOf(counter++);
      const result = await get(agent, port, urlPath);
      if (result.status !== 200) {
        if (failures.length < 5) failures.push(`${result.status || result.error?.message} ${urlPath}`);
        if (record) samples.push(NaN);
        continue;
      }
      bytes = result.bytes;
      if (record) samples.push(result.ms);
    }
  };
  const clients = (ms, record) => Promise.all(Array.from({ length: CONCURRENCY }, () => run(Date.now() + ms, record)));
  await clients(WARMUP_MS, false);
  const started = Date.now();
  await clients(MEASURE_MS, true);
  const seconds = (Date.now() - started) / 1000;
  agent.destroy();
  const ok = samples.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return {
    sent: counter,
    count: samples.length,
    errors: samples.length - ok.length,
    p50: percentile(ok, 50),
    p95: percentile(ok, 95),
    p99: percentile(ok, 99),
    rps: samples.length / seconds,
    bytes,
    failures,
  };
}

/** The whole body of a GET, with the time to its last byte. */
function fetchAll(port, urlPath) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get({ host: "127.0.0.1", port, path: urlPath }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            text: Buffer.concat(chunks).toString("utf8"),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      })
      .on("error", reject);
  });
}

const fmt = (ms) => (Number.isNaN(ms) ? "   n/a" : `${ms.toFixed(1).padStart(6)}`);
const row = (label, r) =>
  `${label.padEnd(36)} p50 ${fmt(r.p50)} ms  p95 ${fmt(r.p95)} ms  p99 ${fmt(r.p99)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  n=${r.count}  ${r.bytes} bytes${r.errors ? `  errors=${r.errors}` : ""}`;

export async function run({ log }) {
  return withMigratedDatabase(
    "loop-bench-loop-page-",
    log,
    async ({ scratch, loadAtStart, pgDataDir, databaseUrl, apiPort, env, spawnApi }) => {
      const webDist = path.join(scratch, "web-dist");
      mkdirSync(path.join(webDist, "assets"), { recursive: true });
      writeFileSync(path.join(webDist, "index.html"), INDEX_HTML);

      const { loopIds, stats } = await withDbClient(databaseUrl, async (db) => {
        const t0 = Date.now();
        const generated = await generateCatalog(db, { users: USERS, loops: LOOPS });
        await db.query(
          `INSERT INTO "app"."collections" ("user_id", "name", "description", "is_public", "loop_count")
         SELECT u."id", 'Crate ' || g, 'A bench collection', g % 2 = 0, 0
         FROM generate_series(1, $1::int) AS g JOIN LATERAL (SELECT "id" FROM "app"."users" ORDER BY "id" OFFSET g LIMIT 1) u ON true`,
          [COLLECTIONS],
        );
        await db.query("VACUUM ANALYZE");
        log(
          `generated ${USERS.toLocaleString("en")} users, ${generated.loops.toLocaleString("en")} loops (${generated.listed.toLocaleString("en")} listed, ${generated.creators.toLocaleString("en")} creators) and ${COLLECTIONS.toLocaleString("en")} collections in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        );
        const ids = (
          await db.query(
            `SELECT "id"::text AS id FROM "app"."loops" WHERE "status" = 'ready' AND "is_public" ORDER BY md5("id"::text) LIMIT $1::int`,
            [SAMPLE_LOOPS],
          )
        ).rows.map((r) => r.id);
        return { loopIds: ids, stats: generated };
      });

      const api = spawnApi({ ...env, WEB_DIST: webDist });
      await waitForApi(api, apiPort);
      const probe = await get(new http.Agent(), apiPort, `/loops/${loopIds[0]}`);
      if (probe.status !== 200) throw new Error(`GET /loops/:id answered ${probe.status}`);
      log(
        `API up on port ${apiPort} serving ${webDist}; ${CONCURRENCY} clients, ${WARMUP_MS / 1000} s warm-up, ${MEASURE_MS / 1000} s measured per phase`,
      );

      const control = await measureCpu(api.child.pid, pgDataDir, () => load(apiPort, () => "/tokens"));
      const loopPage = await measureCpu(api.child.pid, pgDataDir, () => load(apiPort, (i) => `/loops/${loopIds[i % loopIds.length]}`));
      const cpu = (phase) =>
        `CPU per request: API ${(phase.apiMs / phase.result.sent).toFixed(2)} ms, Postgres ${(phase.postgresMs / phase.result.sent).toFixed(2)} ms`;

      // The sitemap: the index and every file it names, one after the other.
      const fetchSitemap = async () => {
        const started = process.hrtime.bigint();
        const index = await fetchAll(apiPort, "/sitemap.xml");
        if (index.status !== 200) throw new Error(`GET /sitemap.xml answered ${index.status}`);
        const files = [...index.text.matchAll(/<sitemap><loc>([^<]*)<\/loc><\/sitemap>/g)].map((m) => new URL(m[1]).pathname);
        let urls = files.length === 0 ? (index.text.match(/<url>/g) ?? []).length : 0;
        let bytes = index.text.length;
        for (const file of files) {
          const page = await fetchAll(apiPort, file);
          if (page.status !== 200) throw new Error(`GET ${file} answered ${page.status}`);
          urls += (page.text.match(/<url>/g) ?? []).length;
          bytes += page.text.length;
        }
        return { ms: Number(process.hrtime.bigint() - started) / 1e6, files, urls, bytes };
      };

      // The sitemap's control: what it reads from Postgres, by a bare client in one statement per section.
      const sitemapControl = () =>
        withDbClient(databaseUrl, async (db) => {
          const started = process.hrtime.bigint();
          const w3c = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
          await db.query(
            `SELECT "id"::text, ${w3c(`"updated_at"`)} FROM "app"."loops" WHERE "status" = 'ready' AND "is_public" ORDER BY "created_at" DESC, "id" DESC`,
          );
          await db.query(
            `SELECT "user_id"::text, ${w3c(`max("created_at")`)} FROM "app"."loops" WHERE "status" = 'ready' AND "is_public" GROUP BY "user_id" ORDER BY "user_id"`,
          );
          await db.query(`SELECT "id"::text, ${w3c(`"updated_at"`)} FROM "app"."collections" WHERE "is_public" ORDER BY "id"`);
          return Number(process.hrtime.bigint() - started) / 1e6;
        });

      // In turns, SITEMAP_ROUNDS of each, medians compared: measured once each, the sitemap ran first,
      // right after the load above and on a cold cache, and its control after it on a warm one; the
      // same code gave 2.6 × and 3.4 × from one run to the next.
      const sitemapRuns = [];
      const controlRuns = [];
      for (let round = 0; round < SITEMAP_ROUNDS; round += 1) {
        if (round % 2 === 0) {
          sitemapRuns.push(await fetchSitemap());
          controlRuns.push(await sitemapControl());
        } else {
          controlRuns.push(await sitemapControl());
          sitemapRuns.push(await fetchSitemap());
        }
      }
      const { files, urls, bytes } = sitemapRuns[0];
      const sitemapMs = median(sitemapRuns.map((run) => run.ms));
      const sitemapControlMs = median(controlRuns);

      const ratio = loopPage.result.p95 / control.result.p95;
      const errors = control.result.errors + loopPage.result.errors;
      const ratioOk = ratio <= RATIO_BUDGET && errors === 0;
      const sitemapRatio = sitemapMs / sitemapControlMs;
      const sitemapOk = sitemapRatio <= SITEMAP_RATIO_BUDGET && urls >= stats.listed;
      const details = [
        `── ${stats.listed.toLocaleString("en")} listed loops of ${stats.loops.toLocaleString("en")}; ${loopIds.length.toLocaleString("en")} distinct loop pages asked for`,
        `  ${row("control: GET /tokens (no lookup)", control.result)}`,
        `    ${cpu(control)}`,
        `  ${row("GET /loops/:id (uncached)", loopPage.result)}`,
        `    ${cpu(loopPage)}`,
        `  loop page p95 = ${ratio.toFixed(2)} × the control's ${ratioOk ? "✓" : "✗"} budget <= ${RATIO_BUDGET} ×`,
        `  loop page p95 ${loopPage.result.p95.toFixed(1)} ms ${loopPage.result.p95 <= LOOP_PAGE_P95_MS ? "✓" : "✗"} the issue's ${LOOP_PAGE_P95_MS} ms (on this machine, now: not the budget)`,
        `  sitemap: /sitemap.xml + ${files.length} files, ${urls.toLocaleString("en")} URLs, ${(bytes / 1e6).toFixed(1)} MB in ${sitemapMs.toFixed(0)} ms; control (the same rows by a bare client) ${sitemapControlMs.toFixed(0)} ms (medians of ${SITEMAP_ROUNDS}, in turns)`,
        `  sitemap = ${sitemapRatio.toFixed(2)} × its control ${sitemapOk ? "✓" : "✗"} budget <= ${SITEMAP_RATIO_BUDGET} ×; ${sitemapMs.toFixed(0)} ms ${sitemapMs <= SITEMAP_MS ? "✓" : "✗"} the issue's ${SITEMAP_MS} ms (on this machine, now: not the budget)`,
        `  (machine: ${os.cpus().length} CPU, load average ${loadAtStart} at the start, ${loadAverage()} at the end: the load generator, the API and Postgres share it)`,
      ];
      for (const failure of [...control.result.failures, ...loopPage.result.failures]) details.push(`  failed: ${failure}`);
      if (!ratioOk)
        details.push(
          `✗ over budget: loop page p95 ${ratio.toFixed(2)} × the control's (budget ${RATIO_BUDGET} ×)${errors ? `, ${errors} errors` : ""}`,
        );
      if (!sitemapOk)
        details.push(
          `✗ over budget: sitemap ${sitemapRatio.toFixed(2)} × its control for ${urls} URLs (budget ${SITEMAP_RATIO_BUDGET} ×, ${stats.listed} listed loops)`,
        );
      return {
        value: ratio,
        unit: "× control p95",
        budget: RATIO_BUDGET,
        lowerIsBetter: true,
        over: !ratioOk || !sitemapOk,
        details,
      };
    },
  );
}
