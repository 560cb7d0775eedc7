// Catalog latency at scale: a throw-away embedded Postgres, migrated and seeded by the API's own
// `migrate` (no demo catalog), filled with 10,000 users and 100,000 ready loops by SQL
// (generate_series), then the real API (`src/main.ts`, its own process) under 50 concurrent
// keep-alive clients: GET /api/loops (filters + sort, a page of 24) and GET /api/search?q=
// (typos and prefixes). Three passes on the same data: the API as it runs (its catalog cache on),
// the API with CATALOG_CACHE=0 (every request queries Postgres), and the bare control: the API's
// own statements through node:http and pg with no framework (api/bench/control-server.ts). The
// query mix has about two hundred distinct /api/loops URLs and forty search terms. Prints
// p50/p95/p99 and throughput per scenario, and the CPU per request of the API and Postgres.
// Budgets are ratios to the control (RATIO_BUDGETS), so they hold on any machine: cache off, LOOP's
// throughput >= 0.8 × the control's and its p95 <= 1.25 ×; cache on, at least the control's
// throughput and at most its p95. Milliseconds are printed for reading. The headline value is the
// uncached /api/loops throughput ÷ the control's. `--loops N` (e.g. `pnpm bench catalog
// --loops 1000000`) runs a second catalog of N loops after the 100,000 one and prints both side by
// side: the uncached /api/loops p95 at N may be at most twice the 100,000 one. Everything it starts
// (database, API, temporary folder) is removed at the end.
import { timedGet } from "./lib.mjs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../lib/embedded-postgres.mjs";
import { freePort } from "../lib/ports.mjs";
import { createAccounts } from "./transfers.mjs";
import { apiEnv, loadAverage, measureCpu, percentile, runNode, startApi, startControl, waitForApi, withScratch } from "./api-harness.mjs";

export const name = "catalog";
export const description =
  "GET /api/loops and /api/search with 100,000 loops, 10,000 users, 50 concurrent clients: throughput and p95 as ratios to a bare control of the same statements";
/**
 * The budgets, as ratios to the bare control measured in the same run (issue 39): LOOP's throughput
 * at least `throughput` × the control's, its p95 at most `p95` × the control's. Without its cache the
 * API runs the control's very statements, so what it may add is its own HTTP work; with the cache
 * it must beat the database it saves.
 */
export const RATIO_BUDGETS = {
  uncached: { throughput: 0.8, p95: 1.25 },
  cached: { throughput: 1, p95: 1 },
};
/** A member's catalog page may cost at most this many times a visitor's CPU (API + Postgres) per request (issue 39 §2). */
export const SIGNED_IN_CPU_BUDGET = 1.3;
/** A larger catalog (--loops) may make the uncached /api/loops p95 at most this many times the 100,000 one. */
export const GROWTH_FACTOR_BUDGET = 2;

const USERS = Number(process.env.BENCH_CATALOG_USERS ?? 10_000);
const LOOPS = Number(process.env.BENCH_CATALOG_LOOPS ?? 100_000);
const CONCURRENCY = 50;
const WARMUP_MS = 3_000;
const MEASURE_MS = Number(process.env.BENCH_CATALOG_SECONDS ?? 12) * 1000;
/** LOOP and its control take turns of this length (loadInTurns). */
const SLICE_MS = 2_000;

// ---- Data -------------------------------------------------------------------------------------

const sqlArray = (words) => `ARRAY[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(",")}]`;
const FIRST_NAMES = [
  "Maya",
  "Luka",
  "Sofia",
  "Amara",
  "Jonas",
  "Keiko",
  "Diego",
  "Elena",
  "Kwame",
  "Ines",
  "Noah",
  "Freya",
  "Omar",
  "Lena",
  "Mateo",
  "Zara",
  "Ravi",
  "Nina",
  "Tobias",
  "Yara",
  "Felix",
  "Anika",
  "Malik",
  "Chloe",
  "Hugo",
  "Leila",
  "Oskar",
  "Priya",
  "Samuel",
  "Ivy",
];
const LAST_NAMES = [
  "Okafor",
  "Kovac",
  "Lindqvist",
  "Mensah",
  "Becker",
  "Tanaka",
  "Alvarez",
  "Rossi",
  "Boateng",
  "Silva",
  "Novak",
  "Jensen",
  "Haddad",
  "Schmidt",
  "Moreau",
  "Khan",
  "Patel",
  "Ivanova",
  "Fischer",
  "Nakamura",
  "Dubois",
  "Costa",
  "Walker",
  "Kim",
  "Larsen",
  "Mwangi",
  "Ortiz",
  "Sato",
  "Weber",
  "Young",
];
const ADJECTIVES = [
  "Dusty",
  "Neon",
  "Velvet",
  "Golden",
  "Midnight",
  "Liquid",
  "Concrete",
  "Electric",
  "Hazy",
  "Cosmic",
  "Rainy",
  "Crystal",
  "Analog",
  "Broken",
  "Silent",
  "Wild",
  "Frozen",
  "Lunar",
  "Solar",
  "Deep",
  "Smooth",
  "Gritty",
  "Dreamy",
  "Urban",
  "Tropical",
  "Vintage",
  "Hyper",
  "Mellow",
  "Dark",
  "Bright",
];
const NOUNS = [
  "Groove",
  "Drift",
  "Pulse",
  "Horizon",
  "Echo",
  "Bounce",
  "Cathedral",
  "Garden",
  "Skyline",
  "Riff",
  "Chords",
  "Keys",
  "Drums",
  "Bassline",
  "Vibes",
  "Sunrise",
  "Sunset",
  "Alley",
  "Circuit",
  "Ocean",
  "Dream",
  "Shuffle",
  "Wave",
  "Fever",
  "Cypher",
  "Anthem",
  "Lullaby",
  "Motion",
  "Signal",
  "Mirage",
];
const SUFFIXES = ["Loop", "Beat", "Jam", "Sketch", "Session", "Mix", "Part II", "Reprise", "Edit", "Dub"];
const TAGS = [
  "lofi",
  "chill",
  "dark",
  "uplifting",
  "808",
  "piano",
  "guitar",
  "vocal",
  "ambient",
  "drums",
  "bass",
  "synth",
  "vintage",
  "club",
  "cinematic",
  "jazzy",
  "soulful",
  "melodic",
  "percussion",
  "retro",
];
const KEYS = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"].flatMap((note) => [`${note} major`, `${note} minor`]);
const PRICES = [99, 199, 299, 299, 499, 499, 499, 799, 999, 1200, 1499, 1999, 2500, 4999];

const pick = (array, random) => `(${array})[1 + floor(${random} * cardinality(${array}))::int]`;

async function columnExists(db, table, column) {
  const { rowCount } = await db.query(
    "SELECT 1 FROM information_schema.columns WHERE table_schema = 'app' AND table_name = $1 AND column_name = $2",
    [table, column],
  );
  return rowCount > 0;
}

/** 10,000 users and 100,000 loops in a few seconds: one INSERT ... SELECT generate_series each. */
export async function generateCatalog(db, { users = USERS, loops = LOOPS } = {}) {
  await db.query("SELECT setseed(0.42)");
  await db.query(`
    INSERT INTO "app"."users" ("username", "first_name", "last_name", "email", "bio", "level", "experience", "created_at")
    SELECT lower(f) || '_' || lower(l) || g, f, l, 'bench' || g || '@loop.local',
      'Producer of ' || lower(${pick(sqlArray(TAGS), "random()")}) || ' loops.',
      1 + floor(random() * 20)::int, floor(power(random(), 3) * 50000)::int,
      now() - random() * interval '730 days'
    FROM (
      SELECT g, ${pick(sqlArray(FIRST_NAMES), "random()")} AS f, ${pick(sqlArray(LAST_NAMES), "random()")} AS l
      FROM generate_series(1, ${users}) AS g
    ) AS names`);

  const genres = (await db.query('SELECT count(*)::int AS count FROM "app"."genres"')).rows[0].count;
  if (genres === 0) throw new Error("no genres: the seed did not run");
  const hasRatings = await columnExists(db, "loops", "rating_count");
  const hasPurchases = await columnExists(db, "loops", "purchase_count");
  const hasLikes = await columnExists(db, "loops", "like_count");
  // Realistic spreads: a few genres and creators dominate, a quarter of loops are free, a long
  // tail of downloads, most loops short, 3 % private and 1.5 % still processing or failed.
  await db.query(`
    INSERT INTO "app"."loops" ("id", "user_id", "genre_id", "title", "description", "price_cents", "is_free", "duration_ms",
      "bpm", "detected_bpm", "key", "detected_key", "tags", "content_type", "is_public", "status", "download_count",
      ${hasPurchases ? `"purchase_count",` : ""} ${hasRatings ? `"rating_sum", "rating_count",` : ""} ${hasLikes ? `"like_count",` : ""}
      "original_key", "original_format", "preview_key", "mp3_key", "wav_key", "peaks_key", "created_at", "updated_at")
    SELECT id, creators.ids[creator], genres.ids[genre],
      adjective || ' ' || noun || CASE WHEN with_suffix THEN ' ' || suffix ELSE '' END,
      'A ' || lower(adjective) || ' ' || lower(genres.names[genre]) || ' ' || lower(noun) || ' with a ' || tag1 || ' and ' || tag2 || ' feel.',
      CASE WHEN free THEN 0 ELSE price END, free, duration, bpm, bpm + (CASE WHEN r_bpm < 0.8 THEN 0 ELSE floor(r_bpm * 10)::int - 9 END),
      CASE WHEN r_key < 0.8 THEN musical_key END, musical_key, tag1 || ',' || tag2 || ',' || lower(genres.names[genre]),
      CASE WHEN r_type < 0.05 THEN 'track' ELSE 'loop' END::"app"."loop_content_type",
      r_public > 0.03, CASE WHEN r_status < 0.01 THEN 'processing' WHEN r_status < 0.015 THEN 'failed' ELSE 'ready' END::"app"."loop_status",
      downloads, ${hasPurchases ? "CASE WHEN free THEN 0 ELSE floor(downloads * r_buy * 0.3)::int END," : ""}
      ${hasRatings ? "ratings + floor(sqrt(r_rating) * ratings * 4)::int, ratings," : ""}
      ${hasLikes ? "floor(downloads * r_like * 0.2)::int," : ""}
      'loops/' || id || '/original', 'wav', 'loops/' || id || '/preview.mp3', 'loops/' || id || '/audio.mp3',
      'loops/' || id || '/audio.wav', 'loops/' || id || '/peaks.json', created, created
    FROM (
      SELECT gen_random_uuid() AS id,
        1 + floor(power(random(), 2) * ${users})::int AS creator,
        1 + floor(power(random(), 1.6) * ${genres})::int AS genre,
        ${pick(sqlArray(ADJECTIVES), "random()")} AS adjective,
        ${pick(sqlArray(NOUNS), "random()")} AS noun,
        ${pick(sqlArray(SUFFIXES), "random()")} AS suffix,
        random() < 0.4 AS with_suffix,
        ${pick(sqlArray(TAGS), "random()")} AS tag1,
        ${pick(sqlArray(TAGS), "random()")} AS tag2,
        ${pick(sqlArray(KEYS), "random()")} AS musical_key,
        random() < 0.25 AS free,
        ${pick(`ARRAY[${PRICES.join(",")}]`, "random()")} AS price,
        CASE WHEN random() < 0.5 THEN 4000 + floor(random() * 26000) WHEN random() < 0.7 THEN 30000 + floor(random() * 30001) ELSE 60001 + floor(random() * 180000) END::int AS duration,
        60 + floor(random() * 121)::int AS bpm,
        floor(power(random(), 4) * 5000)::int AS downloads,
        floor(power(random(), 3) * 40)::int AS ratings,
        random() AS r_bpm, random() AS r_key, random() AS r_type, random() AS r_public, random() AS r_status,
        random() AS r_buy, random() AS r_rating, random() AS r_like,
        now() - power(random(), 2) * interval '365 days' AS created
      FROM generate_series(1, ${loops}) AS g
    ) AS base,
    (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names FROM "app"."genres") AS genres,
    (SELECT array_agg(id ORDER BY created_at, id) AS ids FROM "app"."users" WHERE "email" LIKE 'bench%') AS creators`);
  // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets
  // counts be index-only scans. The whole database: the triggers filled tables of their own (the
  // search words, the catalog counts, the welcome credits' ledger), which autovacuum would otherwise
  // vacuum and analyze a minute later, in the middle of a measured pass (its CPU counted as
  // Postgres's, its new statistics changing plans between the passes).
  await db.query("VACUUM ANALYZE");
  const { rows } = await db.query(`SELECT count(*)::int AS loops, count(*) FILTER (WHERE status = 'ready' AND is_public)::int AS listed,
      count(*) FILTER (WHERE is_free)::int AS free, count(DISTINCT user_id)::int AS creators FROM "app"."loops"`);
  return { ...rows[0], hasRatings, hasPurchases };
}

// ---- Load -------------------------------------------------------------------------------------

const get = (agent, port, urlPath, headers) => timedGet(agent, port, urlPath, { accept: "application/json", ...headers });

/**
 * What the clients of one target recorded: samples per scenario, distinct URLs, failures, requests
 * sent. `headersOf(index)`, when given, adds headers to the index-th request (a member's cookie).
 */
function newStats(scenarios, headersOf = null) {
  return {
    headersOf,
    agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
    samples: new Map(scenarios.map((scenario) => [scenario.name, []])),
    distinct: new Set(),
    failures: [],
    counter: 0,
    seconds: 0,
  };
}

/**
 * CONCURRENCY clients on `port` for `ms`, each sending its next request as soon as the previous
 * answer is read, through the stats' keep-alive connections; recorded in `stats` when `record`.
 */
async function runClients(port, scenarios, stats, ms, record) {
  const started = Date.now();
  const until = started + ms;
  const client = async () => {
    while (Date.now() < until) {
      const index = stats.counter++;
      const scenario = scenarios[index % scenarios.length];
      const urlPath = scenario.path(Math.floor(index / scenarios.length));
      stats.distinct.add(urlPath);
      const result = await get(stats.agent, port, urlPath, stats.headersOf?.(index));
      if (result.status !== 200) {
        if (stats.failures.length < 5) stats.failures.push(`${result.status || result.error?.message} ${urlPath}`);
        if (record) stats.samples.get(scenario.name).push(NaN);
        continue;
      }
      if (record) stats.samples.get(scenario.name).push(result.ms);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  if (record) stats.seconds += (Date.now() - started) / 1000;
}

/** The figures of `stats`: overall and per scenario (p50/p95/p99, req/s, errors), `sent` (warm-up included). */
function summarise(stats) {
  stats.agent.destroy();
  const figures = (values) => {
    const ok = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
    return {
      count: values.length,
      errors: values.length - ok.length,
      p50: percentile(ok, 50),
      p95: percentile(ok, 95),
      p99: percentile(ok, 99),
      rps: values.length / stats.seconds,
    };
  };
  return {
    sent: stats.counter,
    distinct: stats.distinct.size,
    overall: figures([...stats.samples.values()].flat()),
    perScenario: [...stats.samples].map(([scenarioName, values]) => ({ name: scenarioName, ...figures(values) })),
    failures: stats.failures,
  };
}

/** One target alone: a warm-up, then MEASURE_MS of recorded requests. */
async function load(port, scenarios) {
  const stats = newStats(scenarios);
  await runClients(port, scenarios, stats, WARMUP_MS, false);
  await runClients(port, scenarios, stats, MEASURE_MS, true);
  return summarise(stats);
}

/**
 * Two targets, LOOP and its control, in turns (ABBA…, SLICE_MS each, MEASURE_MS each in all) after a
 * warm-up each: a change of the machine's speed or load during the run falls on both alike. The CPU of
 * each target's server and of Postgres is counted during its own slices only; `sent` is then the
 * recorded requests.
 */
async function loadInTurns(targets, scenarios, pgData) {
  const runs = targets.map((target) => ({ stats: newStats(scenarios, target.headersOf), apiMs: 0, postgresMs: 0 }));
  for (const [i, target] of targets.entries()) await runClients(target.port, scenarios, runs[i].stats, WARMUP_MS, false);
  const rounds = Math.max(2, Math.round(MEASURE_MS / SLICE_MS));
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const { apiMs, postgresMs } = await measureCpu(targets[i].pid, pgData, () =>
        runClients(targets[i].port, scenarios, runs[i].stats, SLICE_MS, true),
      );
      runs[i].apiMs += apiMs;
      runs[i].postgresMs += postgresMs;
    }
  }
  return runs.map(({ stats, apiMs, postgresMs }) => {
    const result = summarise(stats);
    return { result: { ...result, sent: result.overall.count }, apiMs, postgresMs };
  });
}

/**
 * The bare control's CPU per request (its server and Postgres, warm-up included) on GET /api/loops'
 * mix of `scenarios`, alone: scale.mjs reads its mix's CPU per request in this unit.
 */
export async function controlCatalogCpuMs(control, scenarios, pgData) {
  const run = await measureCpu(control.child.pid, pgData, () => load(control.port, scenarios.loopScenarios));
  return (run.apiMs + run.postgresMs) / run.result.sent;
}

/** Members browsing in signedInBrowse: each with likes, ratings and downloads for the overlay to find. */
const MEMBERS = 200;

/**
 * Members with a session each, and marks of their own on the listed loops most pages show: 40
 * likes, 10 ratings, 5 downloads of free loops (random, per member).
 */
async function createMembers(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const members = await createAccounts(db, MEMBERS, { prefix: "bench_member_" });
    const ids = members.map((member) => member.id);
    const popular = `SELECT "id", "is_free" FROM "app"."loops" WHERE "status" = 'ready' AND "is_public" ORDER BY "download_count" DESC LIMIT 2000`;
    await db.query(
      `INSERT INTO "app"."loop_likes" ("user_id", "loop_id")
       SELECT m, l."id" FROM unnest($1::uuid[]) AS m, LATERAL (SELECT "id" FROM (${popular}) p ORDER BY random() + (m IS NULL)::int LIMIT 40) l`,
      [ids],
    );
    await db.query(
      `INSERT INTO "app"."loop_ratings" ("user_id", "loop_id", "rating")
       SELECT m, l."id", 1 + floor(random() * 5)::int FROM unnest($1::uuid[]) AS m, LATERAL (SELECT "id" FROM (${popular}) p ORDER BY random() + (m IS NULL)::int LIMIT 10) l`,
      [ids],
    );
    await db.query(
      `INSERT INTO "app"."loop_downloads" ("user_id", "loop_id", "format")
       SELECT m, l."id", 'mp3' FROM unnest($1::uuid[]) AS m, LATERAL (SELECT "id" FROM (${popular}) p WHERE p."is_free" ORDER BY random() + (m IS NULL)::int LIMIT 5) l`,
      [ids],
    );
    await db.query("ANALYZE");
    return members;
  } finally {
    await db.end();
  }
}

/**
 * Issue 39 §2: the API as it runs (cache on), browsed by visitors and by signed-in members in turns.
 * A member's page is the shared page from the cache with the member's own marks laid over it; its
 * CPU per request (API + Postgres) may be at most SIGNED_IN_CPU_BUDGET × a visitor's.
 */
async function signedInBrowse(databaseUrl, api, scenarios, pgData, log) {
  const members = await createMembers(databaseUrl);
  log(`${members.length} members with a session, likes, ratings and downloads; signed out and signed in in turns`);
  const [visitor, member] = await loadInTurns(
    [api, { ...api, headersOf: (index) => ({ cookie: members[index % members.length].cookie }) }],
    scenarios,
    pgData,
  );
  const cpu = (run) => (run.apiMs + run.postgresMs) / run.result.sent;
  const ratio = cpu(member) / cpu(visitor);
  const ok = ratio <= SIGNED_IN_CPU_BUDGET && member.result.overall.errors === 0;
  const details = [`── GET /api/loops, cache on: visitors and signed-in members (${members.length}) in turns of ${SLICE_MS / 1000} s`];
  for (const [label, run] of [
    ["signed out", visitor],
    ["signed in", member],
  ]) {
    details.push(`  ${row({ name: `${label}, all scenarios`, ...run.result.overall })}`);
    details.push(`  ${cpuLine(run)}`);
  }
  details.push(
    `  signed in ÷ signed out, CPU per request (API + Postgres): ${ratio.toFixed(2)} × (budget <= ${SIGNED_IN_CPU_BUDGET}) ${ok ? "✓" : "✗"}` +
      `  [${cpu(member).toFixed(2)} vs ${cpu(visitor).toFixed(2)} ms]`,
  );
  const failures = ok
    ? []
    : [
        `signed-in browse costs ${ratio.toFixed(2)} × a visitor's CPU per request (budget <= ${SIGNED_IN_CPU_BUDGET}), ${member.result.overall.errors} errors`,
      ];
  return { details, failures };
}

/** CPU time per request (of the requests its CPU was counted over): what the figures would be on an idle machine. */
const cpuLine = (run) =>
  `CPU per request: server process ${(run.apiMs / run.result.sent).toFixed(2)} ms, Postgres ${(run.postgresMs / run.result.sent).toFixed(2)} ms (over ${run.result.sent} requests)`;
/** "server / Postgres" CPU ms per request of a measured run. */
const cpuPerRequest = (run) => `${(run.apiMs / run.result.sent).toFixed(2)} / ${(run.postgresMs / run.result.sent).toFixed(2)}`;
const fmt = (ms) => (Number.isNaN(ms) ? "   n/a" : `${ms.toFixed(1).padStart(6)}`);
const row = (r) =>
  `${r.name.padEnd(46)} p50 ${fmt(r.p50)} ms  p95 ${fmt(r.p95)} ms  p99 ${fmt(r.p99)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  n=${r.count}${r.errors ? `  errors=${r.errors}` : ""}`;

/**
 * The catalog bench's request mix (also used by scale.mjs): seven /api/loops scenarios (filters and sorts,
 * each cycling through its own set of values) and two /api/search scenarios (typos, prefixes and names).
 * Each scenario is { name, path(i) }; `genreIds` are the database's genre ids.
 */
export function catalogScenarios(genreIds) {
  const genre = (i) => genreIds[i % genreIds.length];
  const at = (array, i) => array[i % array.length];
  const PRICE_BANDS = [
    [0, 500],
    [200, 1500],
    [500, 2500],
  ];
  const BPM_RANGES = [
    [90, 130],
    [70, 100],
    [120, 150],
  ];
  const KEY_FILTERS = ["A minor", "C major", "F# minor", "Eb major", "G minor", "D major"];
  const WORDS = ["groove", "velvet", "midnight", "lofi", "piano", "drums", "cosmic", "jazzy"];
  // Realistic variety: each scenario cycles through its own set of filters (the count of distinct
  // URLs is printed), so a cache only helps as much as real traffic would let it.
  const loopScenarios = [
    {
      name: "genre + price band + popular",
      path: (i) =>
        `/api/loops?genreId=${genre(i)}&priceMin=${at(PRICE_BANDS, Math.floor(i / genreIds.length))[0]}&priceMax=${at(PRICE_BANDS, Math.floor(i / genreIds.length))[1]}&sortBy=popular&limit=24`,
    },
    {
      name: "duration band + recent/popular",
      path: (i) =>
        `/api/loops?duration=${at(["short", "medium", "long"], i)}&sortBy=${at(["recent", "recent", "recent", "popular", "popular", "popular"], i)}&limit=24`,
    },
    {
      name: "free + price sort",
      path: (i) => `/api/loops?isFree=true&sortBy=${at(["price_asc", "price_desc", "recent", "popular"], i)}&limit=24`,
    },
    { name: "recent, offset paging (pages 2-41)", path: (i) => `/api/loops?sortBy=recent&limit=24&offset=${24 * (1 + (i % 40))}` },
    {
      name: "2 genres + bpm range + rating",
      path: (i) =>
        `/api/loops?genreId=${genre(i)}&genreId=${genre(i + 5)}&bpmMin=${at(BPM_RANGES, Math.floor(i / genreIds.length))[0]}&bpmMax=${at(BPM_RANGES, Math.floor(i / genreIds.length))[1]}&sortBy=rating&limit=24`,
    },
    {
      name: "key + popular / text search + recent",
      path: (i) =>
        i % 2
          ? `/api/loops?key=${encodeURIComponent(at(KEY_FILTERS, i >> 1))}&sortBy=popular&limit=24`
          : `/api/loops?search=${at(WORDS, i >> 1)}&sortBy=recent&limit=24`,
    },
    { name: "home (popular/recent, no filter)", path: (i) => `/api/loops?sortBy=${at(["popular", "recent"], i)}&limit=24` },
    // Issue 24's "Most liked" (like counts kept on write): the whole catalog or one genre.
    { name: "most liked (no filter / genre)", path: (i) => `/api/loops?${i % 2 ? `genreId=${genre(i >> 1)}&` : ""}sortBy=likes&limit=24` },
  ];
  const queries = [
    ...[
      "grove",
      "velvt",
      "midnigt",
      "cathedrl",
      "sunrse",
      "bassln",
      "skylin",
      "horizn",
      "lulaby",
      "cyphr",
      "tropcal",
      "vintge",
      "okafr",
      "lindqist",
      "nakamra",
      "ivanva",
      "schmid",
      "mensha",
      "boatng",
      "alvrez",
    ],
    ...[
      "groov",
      "neon",
      "dusty",
      "ambient",
      "lofi",
      "chill",
      "electr",
      "tropic",
      "sofia",
      "okafor",
      "kovac",
      "mensa",
      "lindqv",
      "maya_",
      "crysta",
      "golde",
      "mellow",
      "shuff",
      "ech",
      "reprise",
    ].filter((q) => q.length >= 3),
  ];
  const searchScenarios = [
    { name: "typo (one letter off)", path: (i) => `/api/search?q=${encodeURIComponent(queries.slice(0, 20)[i % 20])}&limit=10` },
    { name: "prefix / name", path: (i) => `/api/search?q=${encodeURIComponent(queries.slice(20)[i % (queries.length - 20)])}&limit=10` },
  ];
  return { loopScenarios, searchScenarios };
}

export async function run({ log, options = {} }) {
  const extra = options.loops === undefined ? null : Number(String(options.loops).replace(/[_,]/g, ""));
  if (extra !== null && !(Number.isSafeInteger(extra) && extra >= 1000))
    throw new Error(`--loops must be a whole number of at least 1000 (got "${options.loops}")`);
  const sizes = [...new Set([LOOPS, ...(extra === null ? [] : [extra])])];
  const runs = [];
  for (const loops of sizes) runs.push(await runSize(log, loops));
  const details = [];
  const failures = [];
  for (const size of runs) {
    details.push(`════ ${size.loops.toLocaleString("en")} loops, ${USERS.toLocaleString("en")} users`);
    details.push(...size.details);
    failures.push(...size.failures.map((failure) => `${size.loops.toLocaleString("en")} loops: ${failure}`));
  }
  if (runs.length > 1) {
    details.push("════ side by side (p95 ms; CPU ms per request: API / Postgres)");
    const cell = (r) => `${fmt(r.p95)}  (${r.cpu})`;
    details.push(`  ${"".padEnd(34)}${runs.map((r) => `${r.loops.toLocaleString("en")} loops`.padEnd(34)).join("")}`);
    for (const [label, pick] of [
      ["/api/loops, cache on", (r) => r.figures.cachedLoops],
      ["/api/loops, cache off", (r) => r.figures.uncachedLoops],
      ["/api/search, cache on", (r) => r.figures.cachedSearch],
      ["/api/search, cache off", (r) => r.figures.uncachedSearch],
    ]) {
      details.push(`  ${label.padEnd(34)}${runs.map((r) => cell(pick(r)).padEnd(34)).join("")}`);
    }
    const base = runs[0].figures.uncachedLoops.p95;
    for (const size of runs.slice(1)) {
      const factor = size.figures.uncachedLoops.p95 / base;
      const ok = factor <= GROWTH_FACTOR_BUDGET;
      details.push(
        `  uncached /api/loops p95 at ${size.loops.toLocaleString("en")} loops: ${factor.toFixed(2)} × the ${runs[0].loops.toLocaleString("en")} one ${ok ? "✓" : "✗"} budget <= ${GROWTH_FACTOR_BUDGET} ×`,
      );
      if (!ok)
        failures.push(
          `uncached /api/loops p95 grew ${factor.toFixed(2)} × at ${size.loops.toLocaleString("en")} loops (budget ${GROWTH_FACTOR_BUDGET} ×)`,
        );
    }
  }
  for (const failure of failures) details.push(`✗ over budget: ${failure}`);
  return {
    value: runs[0].figures.uncachedLoops.throughputRatio,
    unit: "× control throughput (/api/loops, cache off)",
    budget: RATIO_BUDGETS.uncached.throughput,
    lowerIsBetter: false,
    over: failures.length > 0,
    details,
  };
}

/** One catalog of `loops` loops: a fresh database, its three passes (cache on, cache off, control), their figures and failed budgets. */
async function runSize(log, loops) {
  let database = null;
  let api = null;
  let control = null;
  const details = [];
  // Stopped on Ctrl-C too (withScratch); what fails to stop is let go, the folder removed all the same.
  const stop = async () => {
    await api?.stop().catch(() => {});
    await control?.stop().catch(() => {});
    await database?.stop().catch(() => {});
  };
  const kill = () => {
    for (const server of [api, control]) if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
  };
  return withScratch("loop-bench-catalog-", { log, stop, kill }, async ({ scratch, loadAtStart }) => {
    const [dbPort, apiPort] = [await freePort(), await freePort()];
    log(`embedded Postgres on port ${dbPort} in ${scratch}`);
    database = await startEmbeddedPostgres({ dataDir: path.join(scratch, "postgres"), port: dbPort, database: "loop_bench" });
    const env = apiEnv(database.url, apiPort, scratch);
    await runNode(["--import", "tsx", "src/db/migrate-cli.ts"], env, log);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    let genreIds;
    try {
      const t0 = Date.now();
      const stats = await generateCatalog(db, { users: USERS, loops });
      log(
        `generated ${USERS.toLocaleString("en")} users and ${stats.loops.toLocaleString("en")} loops (${stats.listed.toLocaleString("en")} listed, ${stats.free.toLocaleString("en")} free, ${stats.creators.toLocaleString("en")} creators) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      genreIds = (await db.query('SELECT id FROM "app"."genres" ORDER BY id')).rows.map((r) => r.id);
    } finally {
      await db.end();
    }

    const { loopScenarios, searchScenarios } = catalogScenarios(genreIds);
    const pgData = path.join(scratch, "postgres");
    // Two passes on the same data: the API with its catalog cache alone; then the API without it and
    // the bare control (the API's own statements through node:http and pg, no framework), both up,
    // in turns. The budgets are ratios to the control: they hold on a slower or busier machine as on ours.
    const failures = [];
    const results = { cached: {}, uncached: {}, control: {} };
    const report = (label, endpoint, what, run) => {
      const result = run.result;
      details.push(`GET /api/${endpoint} — ${label}: ${CONCURRENCY} concurrent clients, ${what}, ${result.distinct} distinct URLs`);
      for (const r of result.perScenario) details.push(`  ${row(r)}`);
      details.push(`  ${row({ name: `all /api/${endpoint} scenarios`, ...result.overall })}`);
      details.push(`  ${cpuLine(run)}`);
      if (result.overall.errors > 0) failures.push(`${label}: /api/${endpoint} answered ${result.overall.errors} errors`);
      for (const failure of result.failures) details.push(`  failed: ${failure}`);
    };
    const endpoints = [
      ["loops", loopScenarios, "page of 24"],
      ["search", searchScenarios, "limit 10"],
    ];
    const cachedLabel = "LOOP, cache on (CATALOG_CACHE=1, TTL 5 s: the API as it runs)";
    api = startApi({ ...env, CATALOG_CACHE: "1" }, log);
    await waitForApi(api, apiPort);
    log(
      `${cachedLabel}: up on port ${apiPort}; ${CONCURRENCY} clients, ${WARMUP_MS / 1000} s warm-up, ${MEASURE_MS / 1000} s measured per endpoint`,
    );
    details.push(`── ${cachedLabel}`);
    for (const [endpoint, scenarios, what] of endpoints) {
      results.cached[endpoint] = await measureCpu(api.child.pid, pgData, () => load(apiPort, scenarios));
      report("cache on", endpoint, what, results.cached[endpoint]);
    }
    const signedIn = await signedInBrowse(database.url, { port: apiPort, pid: api.child.pid }, loopScenarios, pgData, log);
    details.push(...signedIn.details);
    failures.push(...signedIn.failures);
    await api.stop();

    const uncachedLabel = "LOOP, cache off (CATALOG_CACHE=0: every request queries Postgres)";
    const controlLabel = "control: the same statements through node:http and pg, no framework (api/bench/control-server.ts)";
    api = startApi({ ...env, CATALOG_CACHE: "0" }, log);
    await waitForApi(api, apiPort);
    control = await startControl(database.url, log);
    log(
      `${uncachedLabel} on port ${apiPort} and the ${controlLabel} on port ${control.port}, in turns of ${SLICE_MS / 1000} s; ` +
        `${CONCURRENCY} clients, ${WARMUP_MS / 1000} s warm-up each, ${MEASURE_MS / 1000} s measured each per endpoint`,
    );
    const probe = await get(new http.Agent(), control.port, "/api/loops?limit=1");
    if (probe.status !== 200) throw new Error(`the control's GET /api/loops answered ${probe.status}`);
    details.push(`── ${uncachedLabel}, and the ${controlLabel}: in turns of ${SLICE_MS / 1000} s`);
    for (const [endpoint, scenarios, what] of endpoints) {
      const [ours, bare] = await loadInTurns(
        [
          { port: apiPort, pid: api.child.pid },
          { port: control.port, pid: control.child.pid },
        ],
        scenarios,
        pgData,
      );
      results.uncached[endpoint] = ours;
      results.control[endpoint] = bare;
      report("cache off", endpoint, what, ours);
      report("control", endpoint, what, bare);
    }
    await api.stop();
    api = null;
    await control.stop();
    control = null;
    // The ratios and their budgets.
    details.push("── LOOP ÷ control (same data, same machine, same run)");
    for (const endpoint of ["loops", "search"]) {
      const bare = results.control[endpoint].result.overall;
      for (const [key, label] of [
        ["uncached", "cache off"],
        ["cached", "cache on"],
      ]) {
        const run = results[key][endpoint];
        const ours = run.result.overall;
        const throughput = ours.rps / bare.rps;
        const p95 = ours.p95 / bare.p95;
        const budget = RATIO_BUDGETS[key];
        const ok = throughput >= budget.throughput && p95 <= budget.p95;
        details.push(
          `  /api/${endpoint}, ${label}: throughput ${throughput.toFixed(2)} × (budget >= ${budget.throughput}), p95 ${p95.toFixed(2)} × (budget <= ${budget.p95}) ${ok ? "✓" : "✗"}` +
            `  [${ours.rps.toFixed(0)} vs ${bare.rps.toFixed(0)} req/s, p95 ${ours.p95.toFixed(1)} vs ${bare.p95.toFixed(1)} ms; ` +
            `CPU per request ${cpuPerRequest(run)} vs ${cpuPerRequest(results.control[endpoint])} ms (server / Postgres)]`,
        );
        if (!ok)
          failures.push(
            `/api/${endpoint} ${label}: throughput ${throughput.toFixed(2)} × the control's (budget >= ${budget.throughput}), p95 ${p95.toFixed(2)} × (budget <= ${budget.p95})`,
          );
      }
    }
    const figure = (key, endpoint) => {
      const run = results[key][endpoint];
      const bare = results.control[endpoint].result.overall;
      return { p95: run.result.overall.p95, cpu: cpuPerRequest(run), throughputRatio: run.result.overall.rps / bare.rps };
    };
    const figures = {
      cachedLoops: figure("cached", "loops"),
      uncachedLoops: figure("uncached", "loops"),
      cachedSearch: figure("cached", "search"),
      uncachedSearch: figure("uncached", "search"),
    };
    details.push(
      `  (closed loop: each of the ${CONCURRENCY} clients keeps one request in flight, so mean latency ≈ ${CONCURRENCY} / throughput;` +
        ` a p95 of 25 ms needs about ${Math.round(CONCURRENCY / 0.025).toLocaleString("en")} req/s, i.e. under ${((os.cpus().length * 1000) / (CONCURRENCY / 0.025)).toFixed(1)} ms of CPU per request on this machine, load generator included)`,
    );
    details.push(
      `  (machine: ${os.cpus().length} CPU, load average ${loadAtStart} at the start, ${loadAverage()} at the end: the load generator, the API and Postgres share it)`,
    );
    return { loops, figures, failures, details };
  });
}
