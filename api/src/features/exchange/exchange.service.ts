// The exchange cards' figures (GET /api/exchange, docs/product.md#buying-loop-with-eth): for each configured
// chain, its exchange and LOOP pair from the deployment manifest, and the pool as the indexer saw it (the
// pair's Sync and Swap rows in Ponder's schema, read with SQL, never written). Integers only: wei, cents,
// basis points (@loop/rules/exchange-quote does the pool's arithmetic).
import { nativeCoinOf, type ChainConfig, type ChainExchange } from "@loop/rules/chains";
import { BPS, loopPerNative, loopPriceChangeBps, poolReservesOf, WEI, type PoolReserves } from "@loop/rules/exchange-quote";
import type { ExchangeMarket, ExchangeMarkets, ExchangePool } from "@loop/rules/schemas/exchange";
import { LOOP_PER_USD } from "@loop/rules/units";
import type { AppDeps } from "../../deps";
import { indexerTable, isMissingIndexerTable } from "../../db/indexer-tables";
import type { PrismaClient } from "../../db/prisma";

const DAY_SECONDS = 24n * 60n * 60n;

/** The exchange's own pages for LOOP, on the chains whose exchange has a public site (Uniswap, PancakeSwap). */
export function exchangeLinks(chainId: number, token: string): { trade: string; addLiquidity: string } | null {
  if (chainId === 1) {
    return {
      trade: `https://app.uniswap.org/swap?inputCurrency=ETH&outputCurrency=${token}&chain=mainnet`,
      addLiquidity: `https://app.uniswap.org/add/v2/ETH/${token}?chain=mainnet`,
    };
  }
  if (chainId === 56) {
    return {
      trade: `https://pancakeswap.finance/swap?chain=bsc&inputCurrency=BNB&outputCurrency=${token}`,
      addLiquidity: `https://pancakeswap.finance/v2/add/BNB/${token}?chain=bsc`,
    };
  }
  return null;
}

interface SyncRow {
  reserve0: string;
  reserve1: string;
  block_number: string;
}

interface IndexedPool {
  latest: SyncRow;
  /** The last Sync 24 hours ago or before; the first one when the pool is younger. */
  dayAgo: SyncRow;
  volume: { amount0: string; amount1: string; swaps: number };
}

/** The pair's last Sync, the one 24 hours ago and the last 24 hours' swaps; null before any Sync (or any indexer table). */
async function indexedPool(
  db: PrismaClient,
  schema: string,
  chainId: number,
  pair: string,
  nowSeconds: bigint,
): Promise<IndexedPool | null> {
  const since = nowSeconds - DAY_SECONDS;
  const syncs = indexerTable(schema, "pair_sync");
  const swaps = indexerTable(schema, "pair_swap");
  const address = pair.toLowerCase();
  try {
    // One statement, so one snapshot: the indexer commits a block's Sync and Swap together, and two
    // queries could see the Sync of a block whose Swap they missed.
    const rows = await db.$queryRaw<(SyncRow & { which: string; amount0: string | null; amount1: string | null; swaps: number })[]>`
      WITH "volume" AS (
        SELECT sum("amount0_in" + "amount0_out")::text AS "amount0", sum("amount1_in" + "amount1_out")::text AS "amount1",
               count(*)::int AS "swaps"
        FROM ${swaps} WHERE "chain_id" = ${chainId} AND lower("address") = ${address} AND "block_timestamp" > ${since.toString()}::numeric
      ), "marks" AS (
        (SELECT 'latest' AS "which", "reserve0"::text, "reserve1"::text, "block_number"::text FROM ${syncs}
          WHERE "chain_id" = ${chainId} AND lower("address") = ${address}
          ORDER BY "block_number" DESC, "log_index" DESC LIMIT 1)
        UNION ALL
        (SELECT 'before' AS "which", "reserve0"::text, "reserve1"::text, "block_number"::text FROM ${syncs}
          WHERE "chain_id" = ${chainId} AND lower("address") = ${address} AND "block_timestamp" <= ${since.toString()}::numeric
          ORDER BY "block_number" DESC, "log_index" DESC LIMIT 1)
        UNION ALL
        (SELECT 'first' AS "which", "reserve0"::text, "reserve1"::text, "block_number"::text FROM ${syncs}
          WHERE "chain_id" = ${chainId} AND lower("address") = ${address}
          ORDER BY "block_number", "log_index" LIMIT 1)
      )
      SELECT "marks".*, "volume".* FROM "marks" CROSS JOIN "volume"`;
    const find = (which: string) => rows.find((row) => row.which === which);
    const latest = find("latest");
    if (!latest) return null;
    return {
      latest,
      dayAgo: find("before") ?? find("first") ?? latest,
      volume: { amount0: latest.amount0 ?? "0", amount1: latest.amount1 ?? "0", swaps: latest.swaps },
    };
  } catch (error) {
    if (isMissingIndexerTable(error)) return null;
    throw error;
  }
}

/** Half-up integer division of non-negative integers. */
const roundDiv = (a: bigint, b: bigint) => (a * 2n + b) / (2n * b);

/** The figures of an indexed pool; null when it holds no liquidity. */
export function poolFigures(token: string, exchange: ChainExchange, indexed: IndexedPool): ExchangePool | null {
  const sides = (row: SyncRow): PoolReserves => poolReservesOf(token, exchange.wrappedNative, BigInt(row.reserve0), BigInt(row.reserve1));
  const reserves = sides(indexed.latest);
  const price = loopPerNative(reserves);
  if (price === null) return null;
  const before = loopPerNative(sides(indexed.dayAgo));
  const nativeIsToken0 = exchange.wrappedNative.toLowerCase() < token.toLowerCase();
  const volumeNative = BigInt(nativeIsToken0 ? indexed.volume.amount0 : indexed.volume.amount1);
  const usdCents = exchange.nativeUsdCents === null ? null : BigInt(exchange.nativeUsdCents);
  const liquidityNative = 2n * reserves.native;
  const toCents = (wei: bigint) => (usdCents === null ? null : roundDiv(wei * usdCents, WEI).toString());
  return {
    reserves: { native: reserves.native.toString(), loop: reserves.loop.toString() },
    loopPerNative: price.toString(),
    // LOOP per dollar = LOOP per coin ÷ dollars per coin.
    loopPerUsd: usdCents === null ? null : ((price * 100n) / usdCents).toString(),
    // Dollars per LOOP = (cents per coin ÷ 100) × coin per LOOP, in millionths.
    usdMicrosPerLoop: usdCents === null ? null : roundDiv(usdCents * 10_000n * reserves.native, reserves.loop).toString(),
    // The pool's LOOP price over the platform's ($1 / 500 LOOP), less one.
    platformGapBps:
      usdCents === null ? null : Number(roundDiv(LOOP_PER_USD * usdCents * reserves.native * BPS, 100n * reserves.loop) - BPS),
    change24hBps: before === null ? null : loopPriceChangeBps(before, price),
    liquidity: { native: liquidityNative.toString(), usdCents: toCents(liquidityNative) },
    volume24h: { native: volumeNative.toString(), usdCents: toCents(volumeNative), swaps: indexed.volume.swaps },
    blockNumber: indexed.latest.block_number,
  };
}

async function marketOf(deps: Pick<AppDeps, "prisma" | "config">, chain: ChainConfig, nowSeconds: bigint): Promise<ExchangeMarket> {
  const token = chain.contracts?.token ?? null;
  const exchange = chain.exchange ?? null;
  const indexed =
    token && exchange ? await indexedPool(deps.prisma, deps.config.settlement.indexerSchema, chain.id, exchange.pair, nowSeconds) : null;
  return {
    chainId: chain.id,
    chainName: chain.name,
    nativeSymbol: nativeCoinOf(chain.id),
    token,
    exchange,
    pool: token && exchange && indexed ? poolFigures(token, exchange, indexed) : null,
    links: token && exchange ? exchangeLinks(chain.id, token) : null,
  };
}

/** GET /api/exchange: every configured chain's market, in the configuration's order. */
export async function exchangeMarkets(deps: Pick<AppDeps, "prisma" | "config">, now = Date.now()): Promise<ExchangeMarkets> {
  const nowSeconds = BigInt(Math.floor(now / 1000));
  return { markets: await Promise.all(deps.config.chains.map((chain) => marketOf(deps, chain, nowSeconds))) };
}
