// What /metrics reads from the database and the chains at scrape time (issue 21), through prom-client
// collect() callbacks: nothing is counted per request. Each group is one query, shared by the gauges
// it feeds within a scrape; every query is an index range or a handful of rows, except the members'
// ledger totals (a sum over every member account), which are refreshed at most once a minute. A
// failing query never fails the scrape: its gauges are left out and it is logged once (until it
// works again).
import { WITHDRAWAL_METHODS } from "@loop/rules/schemas/withdrawals";
import { Gauge, type Registry } from "prom-client";
import type { PrismaClient } from "../../db/prisma";
import { consoleLogger, type AppDeps, type Logger } from "../../deps";
import { PROCESS_LOOP } from "../../jobs/loop-worker";
import { BROADCAST_QUEUE } from "../admin/notification-broadcast";
import { chainsHealth } from "../settlement/settlement-status";

/** The job queues of app.jobs (src/jobs/queue.ts): the audio pipeline and notification broadcasts. */
export const JOB_QUEUES = [PROCESS_LOOP, BROADCAST_QUEUE] as const;

/** Withdrawals not paid yet (the others are final). */
const UNPAID_WITHDRAWAL_STATUSES = ["pending", "processing"] as const;

/** How old the members' ledger totals (a full sum over their accounts) may be before a scrape refreshes them. */
export const MEMBER_TOTALS_MAX_AGE_MS = 60_000;

const LEDGER_UNIT_NOTE =
  "in ledger units (integers, 1e-8 LOOP; exact up to 2^53 units, about 90 million LOOP, as Prometheus keeps float64)";

/** One load per scrape however many gauges read it; null when it failed (logged once until it works again). */
function scrapeGroup<T>(name: string, logger: Logger, load: () => Promise<T>): () => Promise<T | null> {
  let inFlight: Promise<T | null> | null = null;
  let failing = false;
  const run = async (): Promise<T | null> => {
    try {
      const result = await load();
      if (failing) logger.info(`metrics: ${name} can be read again`);
      failing = false;
      return result;
    } catch (error) {
      if (!failing) logger.warn(`metrics: ${name} left out of /metrics: ${error instanceof Error ? error.message : String(error)}`);
      failing = true;
      return null;
    }
  };
  return () =>
    (inFlight ??= run().finally(() => {
      inFlight = null;
    }));
}

/** The last value of `load`, refreshed in the background once older than maxAgeMs (awaited only when there is none). */
function refreshedAtMost<T>(load: () => Promise<T>, maxAgeMs: number): () => Promise<T> {
  let last: { value: T; at: number } | null = null;
  let refreshing: Promise<T> | null = null;
  const refresh = () =>
    (refreshing ??= load()
      .then(
        (value) => {
          last = { value, at: Date.now() };
          return value;
        },
        (error: unknown) => {
          last = null; // the next scrape waits for a fresh value, or leaves the gauges out
          throw error;
        },
      )
      .finally(() => {
        refreshing = null;
      }));
  return async () => {
    const current = last;
    if (!current) return refresh();
    if (Date.now() - current.at > maxAgeMs) refresh().catch(() => {});
    return current.value;
  };
}

/** A gauge filled at scrape time from a group's result; without one (its query failed) it has no series. */
function scrapeGauge<L extends string, T>(
  target: { registry: Registry; prefix: string },
  spec: { name: string; help: string; labelNames: readonly L[] },
  group: () => Promise<T | null>,
  fill: (gauge: Gauge<L>, data: T) => void,
): Gauge<L> {
  return new Gauge<L>({
    name: `${target.prefix}${spec.name}`,
    help: spec.help,
    labelNames: spec.labelNames,
    registers: [target.registry],
    async collect() {
      const data = await group();
      this.reset();
      if (data !== null) fill(this, data);
    },
  });
}

/** Gauges of one group that each set a value per row of its result, labelled by the row. */
function rowGauges<L extends string, R>(
  target: { registry: Registry; prefix: string },
  group: () => Promise<R[] | null>,
  labels: { names: readonly L[]; of: (row: R) => Record<L, string> },
  gauges: { name: string; help: string; value: (row: R) => number }[],
): void {
  for (const { name, help, value } of gauges)
    scrapeGauge(target, { name, help, labelNames: labels.names }, group, (gauge, rows) =>
      rows.forEach((row) => gauge.set(labels.of(row), value(row))),
    );
}

// ---- Queries -----------------------------------------------------------------------------------

interface QueueRow {
  queue: string;
  depth: number;
  running: number;
  oldest_age: number;
}

/** Per queue: one range of the (queue, state, run_after) index each, over the waiting and running jobs only. */
function readQueues(prisma: PrismaClient): Promise<QueueRow[]> {
  return prisma.$queryRaw<QueueRow[]>`
    SELECT q."queue", s."depth", s."running", s."oldest_age"
    FROM unnest(${[...JOB_QUEUES]}::text[]) AS q("queue")
    CROSS JOIN LATERAL (
      SELECT COUNT(*) FILTER (WHERE j."state" = 'queued')::int AS "depth",
             COUNT(*) FILTER (WHERE j."state" = 'active')::int AS "running",
             COALESCE(EXTRACT(EPOCH FROM now() - MIN(j."run_after") FILTER (WHERE j."state" = 'queued' AND j."run_after" <= now())), 0)::float8 AS "oldest_age"
      FROM "app"."jobs" j
      WHERE j."queue" = q."queue" AND j."state" IN ('queued', 'active')
    ) s`;
}

interface PayoutRow {
  status: string;
  method: string;
  count: number;
  amount: string;
}

/** Withdrawals not yet paid: the (status, created_at) index's pending and processing ranges. */
function readUnpaidWithdrawals(prisma: PrismaClient): Promise<PayoutRow[]> {
  return prisma.$queryRaw<PayoutRow[]>`
    SELECT "status", "method", COUNT(*)::int AS "count", SUM("amount")::text AS "amount"
    FROM "app"."withdrawals" WHERE "status" IN ('pending', 'processing')
    GROUP BY "status", "method"`;
}

interface LedgerRow {
  kind: string;
  balance: string;
  held: string;
}

/**
 * The platform's accounts (issuance, fees, vault, clearing, …) by kind: a few dozen rows (issuance and
 * fees are 16 shards each), by the partial index on kind, shard WHERE user_id IS NULL.
 */
function readPlatformAccounts(prisma: PrismaClient): Promise<LedgerRow[]> {
  return prisma.$queryRaw<LedgerRow[]>`
    SELECT "kind", SUM("balance")::text AS "balance", SUM("held")::text AS "held"
    FROM "app"."ledger_accounts" WHERE "user_id" IS NULL
    GROUP BY "kind"`;
}

/** The members' accounts (user, user_promo) summed by kind: every member's row, hence refreshedAtMost. */
function readMemberTotals(prisma: PrismaClient): Promise<LedgerRow[]> {
  return prisma.$queryRaw<LedgerRow[]>`
    SELECT "kind", SUM("balance")::text AS "balance", SUM("held")::text AS "held"
    FROM "app"."ledger_accounts" WHERE "user_id" IS NOT NULL
    GROUP BY "kind"`;
}

// ---- Gauges ------------------------------------------------------------------------------------

/** Registers the gauges on `registry`, their names starting with `prefix`. */
export function registerBusinessMetrics(
  registry: Registry,
  prefix: string,
  deps: Pick<AppDeps, "chains" | "config" | "logger" | "prisma">,
): void {
  const target = { registry, prefix };
  const { prisma } = deps;
  const logger = deps.logger ?? consoleLogger;

  const queues = scrapeGroup("job queues", logger, () => readQueues(prisma));
  rowGauges(target, queues, { names: ["queue"], of: (row) => ({ queue: row.queue }) }, [
    {
      name: "job_queue_depth",
      help: "Jobs waiting in each queue (state queued, including retries waiting for their delay).",
      value: (row) => row.depth,
    },
    { name: "job_queue_running", help: "Jobs claimed by a worker in each queue (state active).", value: (row) => row.running },
    {
      name: "job_queue_oldest_waiting_age_seconds",
      help: "Seconds the oldest runnable waiting job of each queue has waited to be claimed (0 when none waits).",
      value: (row) => row.oldest_age,
    },
  ]);

  const chains = scrapeGroup("settlement status", logger, () => chainsHealth(deps));
  const chainLabels = (chain: { chainId: number; name: string }) => ({ chain_id: String(chain.chainId), chain: chain.name });
  scrapeGauge(
    target,
    {
      name: "settlement_blocks_behind",
      help: "Blocks between each chain's head (RPC) and the last block the indexer has indexed; absent while either is unknown.",
      labelNames: ["chain_id", "chain"],
    },
    chains,
    (gauge, rows) => {
      for (const chain of rows) {
        if (chain.head === null || chain.indexedHead === null) continue;
        const behind = BigInt(chain.head) - BigInt(chain.indexedHead);
        gauge.set(chainLabels(chain), behind > 0n ? Number(behind) : 0);
      }
    },
  );
  rowGauges(target, chains, { names: ["chain_id", "chain"], of: chainLabels }, [
    {
      name: "settlement_lag_seconds",
      help: "Seconds since the oldest indexed event deep enough to settle that is not settled yet happened (block time); 0 when none waits.",
      value: (chain) => chain.settlementLagSeconds,
    },
    {
      name: "settlement_unsettled_events",
      help: "Indexed events deep enough to settle that are not settled yet.",
      value: (chain) => chain.unsettledEvents,
    },
    { name: "chain_rpc_up", help: "1 when the chain's RPC answered this scrape, else 0.", value: (chain) => (chain.rpc === "ok" ? 1 : 0) },
  ]);

  const payouts = scrapeGroup("pending payouts", logger, () => readUnpaidWithdrawals(prisma));
  /** Every status × method, 0 unless a row says otherwise: a series does not vanish when its last withdrawal is paid. */
  const fillPayouts = (gauge: Gauge<"status" | "method">, rows: PayoutRow[], value: (row: PayoutRow) => number) => {
    for (const status of UNPAID_WITHDRAWAL_STATUSES) for (const method of WITHDRAWAL_METHODS) gauge.set({ status, method }, 0);
    for (const row of rows) gauge.set({ status: row.status, method: row.method }, value(row));
  };
  scrapeGauge(
    target,
    {
      name: "payouts_pending",
      help: "Withdrawals not paid yet (pending: waiting for an admin or the payout; processing: being paid), by status and method.",
      labelNames: ["status", "method"],
    },
    payouts,
    (gauge, rows) => fillPayouts(gauge, rows, (row) => row.count),
  );
  scrapeGauge(
    target,
    {
      name: "payouts_pending_amount_units",
      help: `LOOP of the withdrawals not paid yet, by status and method, ${LEDGER_UNIT_NOTE}.`,
      labelNames: ["status", "method"],
    },
    payouts,
    (gauge, rows) => fillPayouts(gauge, rows, (row) => Number(row.amount)),
  );

  const memberTotals = refreshedAtMost(() => readMemberTotals(prisma), MEMBER_TOTALS_MAX_AGE_MS);
  const ledger = scrapeGroup("ledger totals", logger, async () => {
    const [platform, members] = await Promise.all([readPlatformAccounts(prisma), memberTotals()]);
    return [...platform, ...members];
  });
  const ledgerNote = `The platform's kinds are read at each scrape; the members' (user, user_promo) are refreshed at most every ${MEMBER_TOTALS_MAX_AGE_MS / 1000} s.`;
  rowGauges(target, ledger, { names: ["kind"], of: (row) => ({ kind: row.kind }) }, [
    {
      name: "ledger_balance_units",
      help: `Sum of the in-app ledger's account balances by account kind, ${LEDGER_UNIT_NOTE}. All kinds add up to zero (issuance is negative). ${ledgerNote}`,
      value: (row) => Number(row.balance),
    },
    {
      name: "ledger_held_units",
      help: `Sum of what open holds reserve in the ledger's accounts by account kind, ${LEDGER_UNIT_NOTE}. ${ledgerNote}`,
      value: (row) => Number(row.held),
    },
  ]);
}
