// GET /api/analytics/creator (issue 23): the caller's own loops' figures, read from the rollups the
// triggers of migration 20261128100000_creator_analytics keep (creator_daily_stats for the series,
// loop_daily_stats or loop_stats_totals for the per-loop table): never the raw tables.
import {
  ANALYTICS_RANGE_DAYS,
  SALE_METHODS,
  type AnalyticsDay,
  type AnalyticsLoop,
  type AnalyticsRange,
  type CreatorAnalytics,
  type MethodFigures,
  type SaleMethod,
} from "@loop/rules/schemas/analytics";
import { formatLoop, formatUsd } from "@loop/rules/units";
import { hotQuery } from "../../db/hot-query";
import type { PrismaClient } from "../../db/prisma";
import { TX_DERIVED } from "../../db/transactions";

const COUNTERS = [
  "plays",
  "downloads",
  "refunds",
  ...SALE_METHODS.flatMap((m) => [`sales_${m}`, `earnings_units_${m}`, `earnings_cents_${m}`]),
  "offers_received",
  "offers_accepted",
  "offers_declined",
  "offers_withdrawn",
  "offers_expired",
] as const;

/**
 * Exact integer counters of a set of rows, before formatting, in COUNTERS' order: one array per day
 * rather than nested objects, because a year's series formats 366 of them per request (the API's
 * CPU beside the bench's bare control, docs/decisions.md "30 days cost what all time costs").
 */
type Counters = bigint[];

const at = (name: (typeof COUNTERS)[number]) => COUNTERS.indexOf(name);
const PLAYS = at("plays");
const DOWNLOADS = at("downloads");
const REFUNDS = at("refunds");
const BY_METHOD = SALE_METHODS.map((m) => ({
  method: m,
  sales: at(`sales_${m}`),
  units: at(`earnings_units_${m}`),
  cents: at(`earnings_cents_${m}`),
}));
const OFFERS = {
  received: at("offers_received"),
  accepted: at("offers_accepted"),
  declined: at("offers_declined"),
  withdrawn: at("offers_withdrawn"),
  expired: at("offers_expired"),
};

/** A counter's text as a bigint; most of a day's are zero (a method nobody used, no offer that day). */
const counterOf = (text: string | null | undefined) => (text === "0" || text == null ? 0n : BigInt(text));

function countersOf(row: Record<string, string | null> | undefined): Counters {
  return COUNTERS.map((name) => counterOf(row?.[name]));
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`: compared without a bigint subtraction per comparison. */
const compareBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** Adds `b` into `total`. */
function addInto(total: Counters, b: Counters): void {
  for (let i = 0; i < total.length; i += 1) total[i]! += b[i]!;
}

const salesOf = (c: Counters) => BY_METHOD.reduce((sum, m) => sum + c[m.sales]!, 0n);

/** Sales ÷ plays to 4 decimals; null when there was no play (the ratio is undefined). */
export function conversion(sales: bigint, plays: bigint): number | null {
  if (plays === 0n) return null;
  return Number((sales * 10_000n + plays / 2n) / plays) / 10_000;
}

function present(c: Counters) {
  let sales = 0n;
  let units = 0n;
  let cents = 0n;
  const byMethod = {} as Record<SaleMethod, MethodFigures>;
  for (const m of BY_METHOD) {
    sales += c[m.sales]!;
    units += c[m.units]!;
    cents += c[m.cents]!;
    byMethod[m.method] = { sales: Number(c[m.sales]), earningsLoop: formatLoop(c[m.units]!), earningsUsd: formatUsd(c[m.cents]!) };
  }
  return {
    plays: Number(c[PLAYS]),
    downloads: Number(c[DOWNLOADS]),
    sales: Number(sales),
    refunds: Number(c[REFUNDS]),
    earningsLoop: formatLoop(units),
    earningsUsd: formatUsd(cents),
    byMethod,
    offers: {
      received: Number(c[OFFERS.received]),
      accepted: Number(c[OFFERS.accepted]),
      declined: Number(c[OFFERS.declined]),
      withdrawn: Number(c[OFFERS.withdrawn]),
      expired: Number(c[OFFERS.expired]),
    },
  };
}

/** The first day of `range` (UTC, YYYY-MM-DD) given today; null for "all". */
export function rangeStart(range: AnalyticsRange, today: string): string | null {
  if (range === "all") return null;
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (ANALYTICS_RANGE_DAYS[range] - 1));
  return start.toISOString().slice(0, 10);
}

/** Today's date in UTC, YYYY-MM-DD: the last day of every range. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A loop's row of the per-loop table: its counters summed over the range, methods added up (bigint sums as text). */
export interface LoopRow {
  id: string;
  title: string;
  plays: string;
  downloads: string;
  refunds: string;
  sales: string;
  units: string;
  cents: string;
  offers_received: string;
  offers_accepted: string;
  offers_declined: string;
  offers_withdrawn: string;
  offers_expired: string;
}

/** The counters of rows aliased `s` as text (pg gives bigint as text; one way for every column). */
const COLUMNS = COUNTERS.map((c) => `s."${c}"::text AS "${c}"`).join(", ");

// The statements run on the pool (hotQuery): for a creator with a thousand loops, Prisma's row
// decoding of ~20 bigint columns per loop cost most of the request's API time. Per loop only the
// figures the table shows are read (methods added up in SQL).
/**
 * The range's days, `$2` the first and `$3` today; one row each, zeros where nothing happened. Each
 * row also says whether the creator's kept sums of the range (`$4` days) end today at the creator's
 * current generation (`fresh`), so the per-loop statement run beside it can be trusted.
 */
const DAYS_SQL = `SELECT to_char(g."day", 'YYYY-MM-DD') AS "date", ${COLUMNS},
    EXISTS (SELECT 1 FROM "app"."creator_range_sums" m
            WHERE m."user_id" = $1::uuid AND m."days" = $4::int AND m."through" = $3::date
              AND m."generation" = COALESCE((SELECT a."generation" FROM "app"."analytics_generations" a WHERE a."user_id" = $1::uuid), 0)) AS "fresh"
  FROM generate_series($2::date, $3::date, interval '1 day') AS g("day")
  LEFT JOIN "app"."creator_daily_stats" s ON s."user_id" = $1::uuid AND s."day" = g."day"::date
  ORDER BY g."day"`;
/** All time: from the creator's first day with figures (today when none), `$2` today. */
const DAYS_ALL_SQL = `SELECT to_char(g."day", 'YYYY-MM-DD') AS "date", ${COLUMNS}
  FROM generate_series(LEAST((SELECT min(f."day") FROM "app"."creator_daily_stats" f WHERE f."user_id" = $1::uuid), $2::date), $2::date,
                       interval '1 day') AS g("day")
  LEFT JOIN "app"."creator_daily_stats" s ON s."user_id" = $1::uuid AND s."day" = g."day"::date
  ORDER BY g."day"`;

/** The per-loop figures of the table (and of a range's kept sums, migration 20261203090000_analytics_range_sums), methods added up. */
const KEPT = [
  ["plays", `s."plays"`],
  ["downloads", `s."downloads"`],
  ["refunds", `s."refunds"`],
  ["sales", SALE_METHODS.map((m) => `s."sales_${m}"`).join(" + ")],
  ["units", SALE_METHODS.map((m) => `s."earnings_units_${m}"`).join(" + ")],
  ["cents", SALE_METHODS.map((m) => `s."earnings_cents_${m}"`).join(" + ")],
  ["offers_received", `s."offers_received"`],
  ["offers_accepted", `s."offers_accepted"`],
  ["offers_declined", `s."offers_declined"`],
  ["offers_withdrawn", `s."offers_withdrawn"`],
  ["offers_expired", `s."offers_expired"`],
] as const;
/** `sum(…)::bigint AS "plays", …` over loop_daily_stats rows aliased `s`. */
const KEPT_SUMS = KEPT.map(([name, expression]) => `sum(${expression})::bigint AS "${name}"`).join(", ");

/**
 * Per loop: the creator's kept sums of the range (loop_range_sums, `$2` days), which every write adds
 * its deltas to (migration 20261206100000_analytics_range_deltas): one row per loop, as all time reads.
 */
const LOOPS_IN_RANGE_SQL = `SELECT l."id"::text AS "id", l."title",
    ${KEPT.map(([name]) => `COALESCE(k."${name}", 0)::text AS "${name}"`).join(", ")}
  FROM "app"."loops" l
  LEFT JOIN "app"."loop_range_sums" k ON k."user_id" = $1::uuid AND k."days" = $2::int AND k."loop_id" = l."id"
  WHERE l."user_id" = $1::uuid`;

/** All time: each loop's row of loop_stats_totals (none when nothing happened), its methods added up. */
const LOOPS_ALL_SQL = `SELECT l."id"::text AS "id", l."title", ${KEPT.map(([name, expression]) => `COALESCE(${expression}, 0)::text AS "${name}"`).join(", ")}
  FROM "app"."loops" l LEFT JOIN "app"."loop_stats_totals" s ON s."loop_id" = l."id"
  WHERE l."user_id" = $1::uuid`;

/**
 * Rebuilds a creator's kept sums of a range (`$2` days) over `$3`..`$4` at their generation, in one
 * statement (the generation and the sums read from the same snapshot: a past day written after it
 * moves the generation, so these are rebuilt again). Loops with nothing in those days keep no row.
 */
const REBUILD_RANGE_SQL = `WITH generation AS (
    SELECT COALESCE((SELECT a."generation" FROM "app"."analytics_generations" a WHERE a."user_id" = $1::uuid), 0) AS "value"
  ), sums AS (
    SELECT s."loop_id", ${KEPT_SUMS} FROM "app"."loop_daily_stats" s
    WHERE s."user_id" = $1::uuid AND s."day" >= $3::date AND s."day" <= $4::date
    GROUP BY s."loop_id"
  ), gone AS (
    DELETE FROM "app"."loop_range_sums" r
    WHERE r."user_id" = $1::uuid AND r."days" = $2::int AND NOT EXISTS (SELECT 1 FROM sums WHERE sums."loop_id" = r."loop_id")
  ), kept AS (
    INSERT INTO "app"."loop_range_sums" ("user_id", "days", "loop_id", ${KEPT.map(([name]) => `"${name}"`).join(", ")})
    SELECT $1::uuid, $2::int, sums."loop_id", ${KEPT.map(([name]) => `sums."${name}"`).join(", ")} FROM sums ORDER BY sums."loop_id"
    ON CONFLICT ("user_id", "days", "loop_id") DO UPDATE SET ${KEPT.map(([name]) => `"${name}" = excluded."${name}"`).join(", ")}
  )
  INSERT INTO "app"."creator_range_sums" ("user_id", "days", "through", "generation")
  SELECT $1::uuid, $2::int, $4::date, generation."value" FROM generation
  ON CONFLICT ("user_id", "days") DO UPDATE SET "through" = excluded."through", "generation" = excluded."generation"`;

/**
 * Rebuilds a creator's kept sums of a range, one rebuild of a creator's ranges at a time, while no
 * write is adding its deltas to them (each takes this lock shared: migration
 * 20261206100000_analytics_range_deltas).
 */
async function rebuildRangeSums(prisma: PrismaClient, userId: string, days: number, from: string, through: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`analytics_range:${userId}`}))`;
    await tx.$executeRawUnsafe(REBUILD_RANGE_SQL, userId, days, from, through);
  }, TX_DERIVED);
  await analyzeIfStatisticsSayEmpty(prisma);
}

/**
 * Statistics of loop_range_sums taken while it was empty (a VACUUM ANALYZE before any creator asked
 * for a range) make the per-loop statement's generic plan join every loop against every kept row: a
 * nested loop over a materialised scan, 63 ms for 1,000 loops instead of 2 (checked with EXPLAIN
 * ANALYZE EXECUTE). Autovacuum would put it right only later; the first rebuild that finds them so
 * analyzes the table, which also drops the plans made on them. Once it holds rows this is one
 * catalog read per rebuild.
 */
async function analyzeIfStatisticsSayEmpty(prisma: PrismaClient): Promise<void> {
  const [table] = await prisma.$queryRaw<{ tuples: number }[]>`
    SELECT "reltuples"::float8 AS "tuples" FROM "pg_class" WHERE "oid" = '"app"."loop_range_sums"'::regclass`;
  if (table && table.tuples === 0) await prisma.$executeRawUnsafe(`ANALYZE "app"."loop_range_sums"`);
}

/** A prepared statement of GET /api/analytics/creator. */
export interface AnalyticsStatement {
  readonly name: string;
  readonly text: string;
  readonly values: unknown[];
}

/**
 * The two statements of GET /api/analytics/creator, run at once: the range's days and its loops.
 * Exported for the bench's bare control (api/bench/control-server.ts), which runs the same.
 */
export function creatorAnalyticsStatements(
  userId: string,
  range: AnalyticsRange,
  today: string,
): [days: AnalyticsStatement, loops: AnalyticsStatement] {
  const from = rangeStart(range, today);
  if (from === null)
    return [
      { name: "analytics_days_all", text: DAYS_ALL_SQL, values: [userId, today] },
      { name: "analytics_loops_all", text: LOOPS_ALL_SQL, values: [userId] },
    ];
  const days = ANALYTICS_RANGE_DAYS[range as Exclude<AnalyticsRange, "all">];
  return [
    { name: "analytics_days", text: DAYS_SQL, values: [userId, from, today, days] },
    { name: "analytics_loops_range", text: LOOPS_IN_RANGE_SQL, values: [userId, days] },
  ];
}

function loopOf(row: LoopRow) {
  return {
    row,
    sales: counterOf(row.sales),
    units: counterOf(row.units),
    plays: counterOf(row.plays),
  };
}

export async function creatorAnalytics(
  prisma: PrismaClient,
  userId: string,
  range: AnalyticsRange,
  today: string = todayUtc(),
): Promise<CreatorAnalytics> {
  const [daysStatement, loopsStatement] = creatorAnalyticsStatements(userId, range, today);
  const readLoops = () => hotQuery<LoopRow>(prisma, loopsStatement.name, loopsStatement.text, loopsStatement.values);
  const [dayRows, firstLoopRows] = await Promise.all([
    hotQuery<Record<string, string> & { date: string; fresh?: boolean }>(
      prisma,
      daysStatement.name,
      daysStatement.text,
      daysStatement.values,
    ),
    readLoops(),
  ]);
  // The series always has today: its first day is the range's.
  const from = dayRows[0]?.date ?? today;
  let loopRows = firstLoopRows;
  // The range's kept sums end on another day (the first request of a day) or a past day changed since.
  if (dayRows[0] && !dayRows[0].fresh && range !== "all") {
    await rebuildRangeSums(prisma, userId, ANALYTICS_RANGE_DAYS[range], from, today);
    loopRows = await readLoops();
  }

  return analyticsAnswer(range, from, today, dayRows, loopRows);
}

/** The answer from the statements' rows: the series with its totals, and the loops by earnings. */
export function analyticsAnswer(
  range: AnalyticsRange,
  from: string,
  today: string,
  dayRows: readonly (Record<string, string | null> & { date: string })[],
  loopRows: readonly LoopRow[],
): CreatorAnalytics {
  const total = countersOf(undefined);
  const days: AnalyticsDay[] = dayRows.map((row) => {
    const c = countersOf(row);
    addInto(total, c);
    return { date: row.date, ...present(c) };
  });
  const loops = loopRows
    .map(loopOf)
    .sort(
      (a, b) =>
        compareBig(b.units, a.units) ||
        compareBig(b.sales, a.sales) ||
        compareBig(b.plays, a.plays) ||
        a.row.title.localeCompare(b.row.title),
    )
    .map(({ row, sales, units, plays }): AnalyticsLoop => ({
      id: row.id,
      title: row.title,
      plays: Number(plays),
      downloads: Number(row.downloads),
      sales: Number(sales),
      refunds: Number(row.refunds),
      earningsLoop: formatLoop(units),
      earningsUsd: formatUsd(counterOf(row.cents)),
      conversion: conversion(sales, plays),
      offers: {
        received: Number(row.offers_received),
        accepted: Number(row.offers_accepted),
        declined: Number(row.offers_declined),
        withdrawn: Number(row.offers_withdrawn),
        expired: Number(row.offers_expired),
      },
    }));
  return {
    range,
    from,
    to: today,
    totals: { ...present(total), conversion: conversion(salesOf(total), total[PLAYS]!) },
    days,
    loops,
  };
}
