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

/** Exact integer totals of a set of rows, before formatting. */
interface Figures {
  plays: bigint;
  downloads: bigint;
  refunds: bigint;
  sales: Record<SaleMethod, bigint>;
  units: Record<SaleMethod, bigint>;
  cents: Record<SaleMethod, bigint>;
  offers: { received: bigint; accepted: bigint; declined: bigint; withdrawn: bigint; expired: bigint };
}

const big = (value: number | bigint | string | null | undefined) => BigInt(value ?? 0);
const byMethod = (f: (m: SaleMethod) => bigint) => Object.fromEntries(SALE_METHODS.map((m) => [m, f(m)])) as Record<SaleMethod, bigint>;

function figuresOf(row: Record<string, string | null> | undefined): Figures {
  const r = row ?? {};
  return {
    plays: big(r.plays),
    downloads: big(r.downloads),
    refunds: big(r.refunds),
    sales: byMethod((m) => big(r[`sales_${m}`])),
    units: byMethod((m) => big(r[`earnings_units_${m}`])),
    cents: byMethod((m) => big(r[`earnings_cents_${m}`])),
    offers: {
      received: big(r.offers_received),
      accepted: big(r.offers_accepted),
      declined: big(r.offers_declined),
      withdrawn: big(r.offers_withdrawn),
      expired: big(r.offers_expired),
    },
  };
}

function addFigures(a: Figures, b: Figures): Figures {
  return {
    plays: a.plays + b.plays,
    downloads: a.downloads + b.downloads,
    refunds: a.refunds + b.refunds,
    sales: byMethod((m) => a.sales[m] + b.sales[m]),
    units: byMethod((m) => a.units[m] + b.units[m]),
    cents: byMethod((m) => a.cents[m] + b.cents[m]),
    offers: {
      received: a.offers.received + b.offers.received,
      accepted: a.offers.accepted + b.offers.accepted,
      declined: a.offers.declined + b.offers.declined,
      withdrawn: a.offers.withdrawn + b.offers.withdrawn,
      expired: a.offers.expired + b.offers.expired,
    },
  };
}

const sumOf = (values: Record<SaleMethod, bigint>) => SALE_METHODS.reduce((total, m) => total + values[m], 0n);

/** Sales ÷ plays to 4 decimals; null when there was no play (the ratio is undefined). */
export function conversion(sales: bigint, plays: bigint): number | null {
  if (plays === 0n) return null;
  return Number((sales * 10_000n + plays / 2n) / plays) / 10_000;
}

function present(f: Figures) {
  const sales = sumOf(f.sales);
  return {
    plays: Number(f.plays),
    downloads: Number(f.downloads),
    sales: Number(sales),
    refunds: Number(f.refunds),
    earningsLoop: formatLoop(sumOf(f.units)),
    earningsUsd: formatUsd(sumOf(f.cents)),
    byMethod: Object.fromEntries(
      SALE_METHODS.map((m): [SaleMethod, MethodFigures] => [
        m,
        { sales: Number(f.sales[m]), earningsLoop: formatLoop(f.units[m]), earningsUsd: formatUsd(f.cents[m]) },
      ]),
    ) as Record<SaleMethod, MethodFigures>,
    offers: {
      received: Number(f.offers.received),
      accepted: Number(f.offers.accepted),
      declined: Number(f.offers.declined),
      withdrawn: Number(f.offers.withdrawn),
      expired: Number(f.offers.expired),
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
interface LoopRow {
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

/** `(COALESCE(s."sales_loop", 0) + …)::text AS "sales"`: a counter's methods added up. */
const methodsAdded = (column: string, name: string) =>
  `(${SALE_METHODS.map((m) => `COALESCE(s."${column}_${m}", 0)`).join(" + ")})::text AS "${name}"`;
const LOOP_TOTALS = [methodsAdded("sales", "sales"), methodsAdded("earnings_units", "units"), methodsAdded("earnings_cents", "cents")].join(
  ", ",
);
const LOOP_COUNTERS = [
  "plays",
  "downloads",
  "refunds",
  "offers_received",
  "offers_accepted",
  "offers_declined",
  "offers_withdrawn",
  "offers_expired",
]
  .map((c) => `COALESCE(s."${c}", 0)::text AS "${c}"`)
  .join(", ");
/** `sum(s."plays")::bigint AS "plays", …` over rows aliased `s`. */
const SUMS = COUNTERS.map((c) => `sum(s."${c}")::bigint AS "${c}"`).join(", ");
/** The counters of rows aliased `s` as text (pg gives bigint as text; one way for every column). */
const COLUMNS = COUNTERS.map((c) => `s."${c}"::text AS "${c}"`).join(", ");

// The statements run on the pool (hotQuery): for a creator with a thousand loops, Prisma's row
// decoding of ~20 bigint columns per loop cost most of the request's API time. Per loop only the
// figures the table shows are read (methods added up in SQL).
/** The range's days, `$2` the first and `$3` today; one row each, zeros where nothing happened. */
const DAYS_SQL = `SELECT to_char(g."day", 'YYYY-MM-DD') AS "date", ${COLUMNS}
  FROM generate_series($2::date, $3::date, interval '1 day') AS g("day")
  LEFT JOIN "app"."creator_daily_stats" s ON s."user_id" = $1::uuid AND s."day" = g."day"::date
  ORDER BY g."day"`;
/** All time: from the creator's first day with figures (today when none), `$2` today. */
const DAYS_ALL_SQL = `SELECT to_char(g."day", 'YYYY-MM-DD') AS "date", ${COLUMNS}
  FROM generate_series(LEAST((SELECT min(f."day") FROM "app"."creator_daily_stats" f WHERE f."user_id" = $1::uuid), $2::date), $2::date,
                       interval '1 day') AS g("day")
  LEFT JOIN "app"."creator_daily_stats" s ON s."user_id" = $1::uuid AND s."day" = g."day"::date
  ORDER BY g."day"`;
const LOOPS_IN_RANGE_SQL = `SELECT l."id"::text AS "id", l."title", ${LOOP_COUNTERS}, ${LOOP_TOTALS}
  FROM "app"."loops" l
  LEFT JOIN (
    SELECT s."loop_id", ${SUMS} FROM "app"."loop_daily_stats" s
    WHERE s."user_id" = $1::uuid AND s."day" >= $2::date
    GROUP BY s."loop_id"
  ) s ON s."loop_id" = l."id"
  WHERE l."user_id" = $1::uuid`;
const LOOPS_ALL_SQL = `SELECT l."id"::text AS "id", l."title", ${LOOP_COUNTERS}, ${LOOP_TOTALS}
  FROM "app"."loops" l LEFT JOIN "app"."loop_stats_totals" s ON s."loop_id" = l."id"
  WHERE l."user_id" = $1::uuid`;

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
  return [
    { name: "analytics_days", text: DAYS_SQL, values: [userId, from, today] },
    { name: "analytics_loops_range", text: LOOPS_IN_RANGE_SQL, values: [userId, from] },
  ];
}

function loopOf(row: LoopRow) {
  return {
    row,
    sales: BigInt(row.sales),
    units: BigInt(row.units),
    plays: BigInt(row.plays),
  };
}

export async function creatorAnalytics(prisma: PrismaClient, userId: string, range: AnalyticsRange): Promise<CreatorAnalytics> {
  const today = todayUtc();
  const [daysStatement, loopsStatement] = creatorAnalyticsStatements(userId, range, today);
  const [dayRows, loopRows] = await Promise.all([
    hotQuery<Record<string, string> & { date: string }>(prisma, daysStatement.name, daysStatement.text, daysStatement.values),
    hotQuery<LoopRow>(prisma, loopsStatement.name, loopsStatement.text, loopsStatement.values),
  ]);
  // The series always has today: its first day is the range's.
  const from = dayRows[0]?.date ?? today;

  let total = figuresOf(undefined);
  const days: AnalyticsDay[] = dayRows.map((row) => {
    const f = figuresOf(row);
    total = addFigures(total, f);
    return { date: row.date, ...present(f) };
  });
  const loops = loopRows
    .map(loopOf)
    .sort(
      (a, b) =>
        Number(b.units - a.units) || Number(b.sales - a.sales) || Number(b.plays - a.plays) || a.row.title.localeCompare(b.row.title),
    )
    .map(({ row, sales, units, plays }): AnalyticsLoop => ({
      id: row.id,
      title: row.title,
      plays: Number(plays),
      downloads: Number(row.downloads),
      sales: Number(sales),
      refunds: Number(row.refunds),
      earningsLoop: formatLoop(units),
      earningsUsd: formatUsd(BigInt(row.cents)),
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
    totals: { ...present(total), conversion: conversion(sumOf(total.sales), total.plays) },
    days,
    loops,
  };
}
