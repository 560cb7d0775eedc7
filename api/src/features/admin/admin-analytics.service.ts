// GET /api/admin/analytics (issue 23, the Overview tab's charts): the platform's figures per UTC day and the
// money's health per chain, read from the rollups the triggers of migration 20261129080000_admin_analytics keep
// (admin_daily_stats, chain_daily_flows) and the worker's hourly samples (money_health_samples,
// money-health-sampler.ts): never the raw tables, so 90 days cost a few thousand rollup rows whatever the traffic.
// Beside them, the sellers with chargeback losses (issue 35), from the few reversed checkouts.
import {
  CHARGEBACK_LOSS_SELLERS_MAX,
  MONEY_HEALTH_UNEXPLAINED,
  type AdminAnalytics,
  type ChargebackLossSeller,
  type AdminAnalyticsDay,
  type AdminAnalyticsTotals,
  type MethodVolume,
  type MoneyHealthChain,
} from "@loop/rules/schemas/admin-analytics";
import { SALE_METHODS, type AnalyticsRange, type SaleMethod } from "@loop/rules/schemas/analytics";
import { VAULT_BACKING_CAUSES } from "@loop/rules/schemas/vault-backing";
import { WEI_PER_LEDGER_UNIT, centsToLoopUnits, formatLoop, formatUsd } from "@loop/rules/units";
import { Prisma } from "../../db/prisma";
import type { AppDeps } from "../../deps";
import { rangeStart } from "../analytics/analytics.service";

type Deps = Pick<AppDeps, "prisma" | "config">;

type MethodCounter = `${"sales" | "volume_cents" | "fees_cents" | "volume_units" | "fees_units"}_${SaleMethod}`;
type Counter =
  | MethodCounter
  | "new_members"
  | "active_members"
  | "uploads"
  | "processing_failures"
  | "withdrawals_requested"
  | "withdrawals_requested_units"
  | "withdrawals_paid"
  | "withdrawals_paid_units";

/** The counters of admin_daily_stats, as the database names them. */
export const ADMIN_DAILY_COUNTERS: readonly Counter[] = [
  ...SALE_METHODS.flatMap((m): MethodCounter[] => [
    `sales_${m}`,
    `volume_cents_${m}`,
    `fees_cents_${m}`,
    `volume_units_${m}`,
    `fees_units_${m}`,
  ]),
  "new_members",
  "active_members",
  "uploads",
  "processing_failures",
  "withdrawals_requested",
  "withdrawals_requested_units",
  "withdrawals_paid",
  "withdrawals_paid_units",
];

/**
 * A day's shards summed, each counter as text (sums of ledger units may pass 2^53) under its own name: the
 * series comes back as one JSON text cell, `[{"date": "YYYY-MM-DD", "<counter>": "<n>", …}, …]`, parsed here
 * rather than decoded row by row and cell by cell by Prisma (the bulk of the answer's cost with a thousand
 * rows). The objects are the rows of a subquery (json_agg of the row), not json_build_object: its names and
 * values are arguments, and Postgres takes at most 100, which 50 counters would pass.
 */
const DAY_COLUMNS = Prisma.raw(ADMIN_DAILY_COUNTERS.map((c) => `COALESCE(s."${c}", 0)::text AS "${c}"`).join(", "));
const SUMS = Prisma.raw(ADMIN_DAILY_COUNTERS.map((c) => `sum(s."${c}") AS "${c}"`).join(", "));

type Figures = Record<Counter, bigint>;
/** A series entry: the date and each counter as text. */
type DayEntry = { date: string } & Record<Counter, string>;

const big = (value: bigint | number | string | null | undefined) => BigInt(value ?? 0);

function figuresOf(entry: DayEntry | undefined): Figures {
  return Object.fromEntries(ADMIN_DAILY_COUNTERS.map((c) => [c, big(entry?.[c])])) as Figures;
}

function addFigures(a: Figures, b: Figures): Figures {
  return Object.fromEntries(ADMIN_DAILY_COUNTERS.map((c) => [c, a[c] + b[c]])) as Figures;
}

function present(f: Figures): AdminAnalyticsTotals {
  return {
    byMethod: Object.fromEntries(
      SALE_METHODS.map((m): [SaleMethod, MethodVolume] => [
        m,
        {
          sales: Number(f[`sales_${m}`]),
          volumeUsd: formatUsd(f[`volume_cents_${m}`]),
          feesUsd: formatUsd(f[`fees_cents_${m}`]),
          volumeLoop: formatLoop(f[`volume_units_${m}`]),
          feesLoop: formatLoop(f[`fees_units_${m}`]),
        },
      ]),
    ) as Record<SaleMethod, MethodVolume>,
    newMembers: Number(f.new_members),
    activeMembers: Number(f.active_members),
    uploads: Number(f.uploads),
    processingFailures: Number(f.processing_failures),
    withdrawalsRequested: { count: Number(f.withdrawals_requested), amountLoop: formatLoop(f.withdrawals_requested_units) },
    withdrawalsPaid: { count: Number(f.withdrawals_paid), amountLoop: formatLoop(f.withdrawals_paid_units) },
  };
}

/** Wei as LOOP with 8 decimals (below 10⁻⁸ LOOP truncated toward zero). */
const weiLoop = (wei: bigint) => formatLoop(wei / WEI_PER_LEDGER_UNIT);

const causeLabel = (code: string): string =>
  code === MONEY_HEALTH_UNEXPLAINED.code
    ? MONEY_HEALTH_UNEXPLAINED.label
    : ((VAULT_BACKING_CAUSES as Record<string, { label: string } | undefined>)[code]?.label ?? code);

/** A chain's day: deposits in and payouts out, in ledger units as text. */
interface FlowEntry {
  chain_id: number;
  day: string;
  deposits: string;
  payouts: string;
}
/** A chain's sample: its time in seconds since 1970, reserve and liability in wei as text. */
interface SampleEntry {
  chain_id: number;
  seconds: number;
  reserve_wei: string;
  liability_wei: string;
}
interface LatestRow {
  chain_id: number;
  reserve: string;
  liability: string;
  causes: { code: string; wei: string }[];
  lag_blocks: string | null;
  lag_seconds: string | null;
}

/** A one-cell JSON answer (null: no rows). */
const parsed = <T>(rows: { json: string | null }[]): T[] => (rows[0]?.json ? (JSON.parse(rows[0].json) as T[]) : []);

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000);

/** The first day of "all": the earliest day any rollup or sample has, or today. */
async function firstDay(prisma: Deps["prisma"], chainIds: number[], today: string): Promise<string> {
  const [row] = await prisma.$queryRaw<{ day: string | null }[]>`
    SELECT to_char(LEAST(
      (SELECT min("day") FROM "app"."admin_daily_stats"),
      (SELECT min("day") FROM "app"."chain_daily_flows" WHERE "chain_id" = ANY(${chainIds}::int[])),
      (SELECT (min("sampled_at") AT TIME ZONE 'UTC')::date FROM "app"."money_health_samples" WHERE "chain_id" = ANY(${chainIds}::int[]))
    ), 'YYYY-MM-DD') AS "day"`;
  return row?.day && row.day < today ? row.day : today;
}

export async function adminAnalytics(deps: Deps, range: AnalyticsRange, now = new Date()): Promise<AdminAnalytics> {
  const { prisma, config } = deps;
  const today = utcDay(now);
  const chains = config.chains.filter((chain) => chain.contracts);
  const chainIds = chains.map((chain) => chain.id);
  const from = rangeStart(range, today) ?? (await firstDay(prisma, chainIds, today));
  const fromAt = new Date(`${from}T00:00:00Z`);
  const toAt = nextDay(today);

  const sampleBucket = Prisma.raw(range === "all" ? `date_trunc('day', m."sampled_at", 'UTC')` : `m."sampled_at"`);
  const [dayRows, flowRows, sampleRows, latestRows] = await Promise.all([
    prisma.$queryRaw<{ json: string | null }[]>`
      SELECT json_agg(d ORDER BY d."date")::text AS "json"
      FROM (
        SELECT to_char(g."day", 'YYYY-MM-DD') AS "date", ${DAY_COLUMNS}
        FROM generate_series(${from}::date, ${today}::date, interval '1 day') AS g("day")
        LEFT JOIN (
          SELECT s."day", ${SUMS} FROM "app"."admin_daily_stats" s
          WHERE s."day" BETWEEN ${from}::date AND ${today}::date
          GROUP BY s."day"
        ) s ON s."day" = g."day"::date
      ) d`,
    prisma.$queryRaw<{ json: string | null }[]>`
      SELECT json_agg(json_build_object('chain_id', f."chain_id", 'day', to_char(f."day", 'YYYY-MM-DD'),
                                        'deposits', f."deposits"::text, 'payouts', f."payouts"::text))::text AS "json"
      FROM (
        SELECT "chain_id", "day", sum("deposits_in_units") AS "deposits", sum("payouts_out_units") AS "payouts"
        FROM "app"."chain_daily_flows"
        WHERE "chain_id" = ANY(${chainIds}::int[]) AND "day" BETWEEN ${from}::date AND ${today}::date
        GROUP BY "chain_id", "day"
      ) f`,
    // Hourly up to 90 days (2,160 points a chain); "all" keeps each UTC day's last sample, so years of
    // history stay a few hundred points a chain.
    prisma.$queryRaw<{ json: string | null }[]>`
      SELECT json_agg(json_build_object('chain_id', m."chain_id", 'seconds', extract(epoch FROM m."sampled_at")::bigint,
                                        'reserve_wei', m."reserve_wei"::text, 'liability_wei', m."liability_wei"::text)
                      ORDER BY m."chain_id", m."sampled_at")::text AS "json"
      FROM (
        SELECT DISTINCT ON (m."chain_id", ${sampleBucket}) m.*
        FROM "app"."money_health_samples" m
        WHERE m."chain_id" = ANY(${chainIds}::int[]) AND m."sampled_at" >= ${fromAt} AND m."sampled_at" < ${toAt}
        ORDER BY m."chain_id", ${sampleBucket}, m."sampled_at" DESC
      ) m`,
    prisma.$queryRaw<LatestRow[]>`
      SELECT c."chain_id", l."reserve_wei"::text AS "reserve", l."liability_wei"::text AS "liability", l."causes",
             l."lag_blocks"::text AS "lag_blocks", l."lag_seconds"::text AS "lag_seconds"
      FROM unnest(${chainIds}::int[]) AS c("chain_id")
      CROSS JOIN LATERAL (
        SELECT * FROM "app"."money_health_samples" m WHERE m."chain_id" = c."chain_id" ORDER BY m."sampled_at" DESC LIMIT 1
      ) l`,
  ]).then(
    ([days, flows, samples, latest]) => [parsed<DayEntry>(days), parsed<FlowEntry>(flows), parsed<SampleEntry>(samples), latest] as const,
  );

  let total = figuresOf(undefined);
  const days: AdminAnalyticsDay[] = dayRows.map((entry) => {
    const f = figuresOf(entry);
    total = addFigures(total, f);
    return { date: entry.date, ...present(f) };
  });

  const moneyHealth = chains.map((chain): MoneyHealthChain => {
    const flows = new Map(
      flowRows.filter((flow) => flow.chain_id === chain.id).map(({ day, deposits, payouts }) => [day, { deposits, payouts }]),
    );
    const latest = latestRows.find((row) => row.chain_id === chain.id);
    const gapWei = latest ? BigInt(latest.reserve) - BigInt(latest.liability) : 0n;
    return {
      chainId: chain.id,
      chainName: chain.name,
      samples: sampleRows
        .filter((sample) => sample.chain_id === chain.id)
        .map((sample) => {
          const [reserve, liability] = [BigInt(sample.reserve_wei), BigInt(sample.liability_wei)];
          return {
            at: new Date(sample.seconds * 1000).toISOString(),
            reserveLoop: weiLoop(reserve),
            liabilityLoop: weiLoop(liability),
            gapLoop: weiLoop(reserve - liability),
          };
        }),
      days: days.map(({ date }) => ({
        date,
        depositsInLoop: formatLoop(big(flows.get(date)?.deposits)),
        payoutsOutLoop: formatLoop(big(flows.get(date)?.payouts)),
      })),
      settlementLag: {
        blocks: latest && latest.lag_blocks !== null ? Number(latest.lag_blocks) : null,
        seconds: latest && latest.lag_seconds !== null ? Number(latest.lag_seconds) : null,
      },
      gap:
        latest && gapWei !== 0n
          ? {
              amountLoop: weiLoop(gapWei),
              causes: latest.causes.map((cause) => ({
                code: cause.code,
                label: causeLabel(cause.code),
                amountLoop: weiLoop(BigInt(cause.wei)),
              })),
            }
          : null,
    };
  });

  return { range, from, to: today, totals: present(total), days, moneyHealth, chargebackLosses: await chargebackLossSellers(prisma) };
}

/**
 * The sellers whose card or PayPal sales were reversed after their hold (the platform bore the price:
 * reverse-checkout.ts, outcome `loss`), the largest loss first: their chargebacks and whether their
 * withdrawals are suspended beside it. Reversed checkouts are few (a partial index finds them by loop).
 */
async function chargebackLossSellers(prisma: Deps["prisma"]): Promise<ChargebackLossSeller[]> {
  const rows = await prisma.$queryRaw<
    { seller_id: string; username: string; cents: bigint; losses: number; chargebacks: number; suspended_at: Date | null }[]
  >`
    SELECT u."id"::text AS "seller_id", u."username", r."cents", r."losses", r."chargebacks", u."withdrawals_suspended_at" AS "suspended_at"
    FROM (
      SELECT l."user_id",
        COALESCE(SUM(c."price_cents") FILTER (WHERE c."reversal_outcome" = 'loss'), 0)::bigint AS "cents",
        (COUNT(*) FILTER (WHERE c."reversal_outcome" = 'loss'))::int AS "losses",
        (COUNT(*) FILTER (WHERE c."reversal_reason" = 'dispute'))::int AS "chargebacks"
      FROM "app"."checkouts" c JOIN "app"."loops" l ON l."id" = c."loop_id"
      WHERE c."status" = 'reversed'
      GROUP BY l."user_id"
    ) r JOIN "app"."users" u ON u."id" = r."user_id"
    WHERE r."losses" > 0
    ORDER BY r."cents" DESC, u."id" LIMIT ${CHARGEBACK_LOSS_SELLERS_MAX}`;
  return rows.map((row) => ({
    sellerId: row.seller_id,
    username: row.username,
    amountLoop: formatLoop(centsToLoopUnits(BigInt(row.cents))),
    amountUsd: formatUsd(BigInt(row.cents)),
    count: Number(row.losses),
    chargebacks: Number(row.chargebacks),
    withdrawalsSuspendedAt: row.suspended_at ? row.suspended_at.toISOString() : null,
  }));
}
