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
import { Prisma, type PrismaClient } from "../../db/prisma";

/** The counters of a rollup row, as the database names them (bigint sums come back as bigint). */
interface StatRow {
  plays: number | bigint | null;
  downloads: number | bigint | null;
  refunds: number | bigint | null;
  sales_loop: number | bigint | null;
  sales_wallet: number | bigint | null;
  sales_paypal: number | bigint | null;
  sales_card: number | bigint | null;
  earnings_units_loop: bigint | null;
  earnings_units_wallet: bigint | null;
  earnings_units_paypal: bigint | null;
  earnings_units_card: bigint | null;
  earnings_cents_loop: bigint | null;
  earnings_cents_wallet: bigint | null;
  earnings_cents_paypal: bigint | null;
  earnings_cents_card: bigint | null;
  offers_received: number | bigint | null;
  offers_accepted: number | bigint | null;
  offers_declined: number | bigint | null;
  offers_withdrawn: number | bigint | null;
  offers_expired: number | bigint | null;
}

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

/** `sum("plays")::bigint AS "plays", …` over rows aliased `s`. */
const SUMS = Prisma.raw(COUNTERS.map((c) => `sum(s."${c}")::bigint AS "${c}"`).join(", "));
const COLUMNS = Prisma.raw(COUNTERS.map((c) => `s."${c}"`).join(", "));

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

const big = (value: number | bigint | null | undefined) => BigInt(value ?? 0);
const byMethod = (f: (m: SaleMethod) => bigint) => Object.fromEntries(SALE_METHODS.map((m) => [m, f(m)])) as Record<SaleMethod, bigint>;

function figuresOf(row: Partial<StatRow> | undefined): Figures {
  const r = (row ?? {}) as Record<string, number | bigint | null | undefined>;
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

const todayUtc = () => new Date().toISOString().slice(0, 10);

export async function creatorAnalytics(prisma: PrismaClient, userId: string, range: AnalyticsRange): Promise<CreatorAnalytics> {
  const today = todayUtc();
  let from = rangeStart(range, today);
  if (from === null) {
    const [first] = await prisma.$queryRaw<{ day: string | null }[]>`
      SELECT to_char(min("day"), 'YYYY-MM-DD') AS "day" FROM "app"."creator_daily_stats" WHERE "user_id" = ${userId}::uuid`;
    from = first?.day && first.day < today ? first.day : today;
  }

  const [dayRows, loopRows] = await Promise.all([
    prisma.$queryRaw<(StatRow & { date: string })[]>`
      SELECT to_char(g."day", 'YYYY-MM-DD') AS "date", ${COLUMNS}
      FROM generate_series(${from}::date, ${today}::date, interval '1 day') AS g("day")
      LEFT JOIN "app"."creator_daily_stats" s ON s."user_id" = ${userId}::uuid AND s."day" = g."day"::date
      ORDER BY g."day"`,
    range === "all"
      ? prisma.$queryRaw<(StatRow & { id: string; title: string })[]>`
          SELECT l."id"::text AS "id", l."title", ${COLUMNS}
          FROM "app"."loops" l LEFT JOIN "app"."loop_stats_totals" s ON s."loop_id" = l."id"
          WHERE l."user_id" = ${userId}::uuid`
      : prisma.$queryRaw<(StatRow & { id: string; title: string })[]>`
          SELECT l."id"::text AS "id", l."title", ${COLUMNS}
          FROM "app"."loops" l
          LEFT JOIN (
            SELECT s."loop_id", ${SUMS} FROM "app"."loop_daily_stats" s
            WHERE s."user_id" = ${userId}::uuid AND s."day" >= ${from}::date
            GROUP BY s."loop_id"
          ) s ON s."loop_id" = l."id"
          WHERE l."user_id" = ${userId}::uuid`,
  ]);

  let total = figuresOf(undefined);
  const days: AnalyticsDay[] = dayRows.map((row) => {
    const f = figuresOf(row);
    total = addFigures(total, f);
    return { date: row.date, ...present(f) };
  });
  const loops = loopRows
    .map((row) => ({ row, f: figuresOf(row) }))
    .sort(
      (a, b) =>
        Number(sumOf(b.f.units) - sumOf(a.f.units)) ||
        Number(sumOf(b.f.sales) - sumOf(a.f.sales)) ||
        Number(b.f.plays - a.f.plays) ||
        a.row.title.localeCompare(b.row.title),
    )
    .map(({ row, f }): AnalyticsLoop => {
      const shown = present(f);
      return {
        id: row.id,
        title: row.title,
        plays: shown.plays,
        downloads: shown.downloads,
        sales: shown.sales,
        refunds: shown.refunds,
        earningsLoop: shown.earningsLoop,
        earningsUsd: shown.earningsUsd,
        conversion: conversion(sumOf(f.sales), f.plays),
        offers: shown.offers,
      };
    });
  return {
    range,
    from,
    to: today,
    totals: { ...present(total), conversion: conversion(sumOf(total.sales), total.plays) },
    days,
    loops,
  };
}
