// The money's health, sampled hourly (issue 23, admin analytics): per chain with contracts, LoopVault's reserve
// beside the ledger's vault liability, the causes of their difference, and the settlement lag, written to
// app.money_health_samples (one row per chain and UTC hour). The figures are those of GET /api/admin/vault/backing
// (vault-backing.service.ts) and of /metrics (settlement-status.ts), read by the same functions.
//
// Run by the worker role (roles/worker-role.ts): a pass at start (a fresh start shows a point at once), then one
// every MONEY_HEALTH_CHECK_MS that samples only when the current hour has no row yet for a chain, so the samples
// stay on the hour whatever the passes' drift or restarts. Two workers may both sample an hour: the first insert
// wins (ON CONFLICT DO NOTHING).
import type { ChainHealth } from "@loop/rules/auth-api-types";
import { parseUnits } from "viem";
import { Prisma } from "../../db/prisma";
import type { AppDeps } from "../../deps";
import { startPeriodic, type Periodic } from "../../jobs/periodic";
import { chainsHealth } from "../settlement/settlement-status";
import { vaultBacking } from "./vault-backing.service";

/**
 * How often the worker looks whether the current hour has its sample (one indexed read when it has). A
 * minute, so that a pass that could not read a chain yet (a fresh start, before the indexer has the
 * vault's events) is followed by a sample soon after, not at the next hour.
 */
export const MONEY_HEALTH_CHECK_MS = 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
const TOKEN_DECIMALS = 18;

/** One chain's figures at one moment (wei, exact). */
export interface ChainHealthFigures {
  chainId: number;
  reserveWei: bigint;
  liabilityWei: bigint;
  /** The non-zero causes of reserve − liability (vault-backing codes, and `unexplained` for the rest). */
  causes: { code: string; wei: bigint }[];
  lagBlocks: bigint | null;
  lagSeconds: number | null;
}

/** What of AppDeps the sampler uses. */
type SamplerDeps = Pick<AppDeps, "prisma" | "config" | "chains" | "logger">;

export type MoneyHealthReader = (deps: SamplerDeps) => Promise<ChainHealthFigures[]>;

/** The UTC hour `at` falls in. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** As /metrics reports it: blocks between head and indexed head (never negative), the age of the oldest waiting event. */
function settlementLag(lag: ChainHealth | undefined): Pick<ChainHealthFigures, "lagBlocks" | "lagSeconds"> {
  if (!lag || lag.indexedHead === null) return { lagBlocks: null, lagSeconds: null };
  const behind = lag.head === null ? null : BigInt(lag.head) - BigInt(lag.indexedHead);
  return { lagBlocks: behind === null ? null : behind > 0n ? behind : 0n, lagSeconds: lag.settlementLagSeconds };
}

/**
 * The figures now, per chain whose reserve and liability can both be reckoned (a chain or an indexer that
 * cannot be read gives no figures: no sample for it this time).
 */
export const readMoneyHealth: MoneyHealthReader = async (deps) => {
  const [backing, lags] = await Promise.all([
    vaultBacking(deps),
    chainsHealth(deps).catch((error: unknown) => {
      deps.logger?.warn(`money health: settlement lag unknown: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }),
  ]);
  const wei = (loop: string) => parseUnits(loop, TOKEN_DECIMALS);
  return backing.chains.flatMap((chain): ChainHealthFigures[] => {
    if (chain.reserve === null || chain.liability === null || chain.unexplained === null) return [];
    const lag = lags.find((health) => health.chainId === chain.chainId);
    const causes = [
      ...chain.causes.map((cause) => ({ code: cause.code as string, wei: wei(cause.amount) })),
      { code: "unexplained", wei: wei(chain.unexplained) },
    ].filter((cause) => cause.wei !== 0n);
    return [
      {
        chainId: chain.chainId,
        reserveWei: wei(chain.reserve),
        liabilityWei: wei(chain.liability),
        causes,
        ...settlementLag(lag),
      },
    ];
  });
};

export interface SampleOptions {
  now?: Date;
  /** The figures' source (tests); default readMoneyHealth. */
  read?: MoneyHealthReader;
}

/**
 * Samples the current hour for every chain with contracts that has no sample for it yet. Returns the rows
 * written (0 when the hour was sampled already, here or by another worker).
 */
export async function sampleMoneyHealth(deps: SamplerDeps, options: SampleOptions = {}): Promise<number> {
  const { prisma, config } = deps;
  const hour = hourOf(options.now ?? new Date());
  const chainIds = config.chains.filter((chain) => chain.contracts).map((chain) => chain.id);
  if (chainIds.length === 0) return 0;
  const sampled = await prisma.$queryRaw<{ chain_id: number }[]>`
    SELECT "chain_id" FROM "app"."money_health_samples" WHERE "chain_id" = ANY(${chainIds}::int[]) AND "sampled_at" = ${hour}`;
  const done = new Set(sampled.map((row) => row.chain_id));
  if (chainIds.every((id) => done.has(id))) return 0;
  const figures = (await (options.read ?? readMoneyHealth)(deps)).filter(
    (chain) => chainIds.includes(chain.chainId) && !done.has(chain.chainId),
  );
  if (figures.length === 0) return 0;
  const rows = figures.map(
    (f) =>
      Prisma.sql`(${f.chainId}::int, ${hour}::timestamptz, ${f.reserveWei.toString()}::numeric, ${f.liabilityWei.toString()}::numeric,
        ${JSON.stringify(f.causes.map((cause) => ({ code: cause.code, wei: cause.wei.toString() })))}::jsonb,
        ${f.lagBlocks?.toString() ?? null}::bigint, ${f.lagSeconds}::bigint)`,
  );
  return prisma.$executeRaw`
    INSERT INTO "app"."money_health_samples" ("chain_id", "sampled_at", "reserve_wei", "liability_wei", "causes", "lag_blocks", "lag_seconds")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("chain_id", "sampled_at") DO NOTHING`;
}

/** The worker role's sampler: a pass now, then every MONEY_HEALTH_CHECK_MS; failures are logged. */
export function startMoneyHealthSampler(deps: SamplerDeps, intervalMs = MONEY_HEALTH_CHECK_MS): Periodic {
  return startPeriodic(async () => {
    try {
      await sampleMoneyHealth(deps);
    } catch (error) {
      deps.logger?.error("money health: sampling failed", error);
    }
  }, intervalMs);
}
