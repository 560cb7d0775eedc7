/**
 * GET /api/exchange: the exchange cards' figures of each configured chain, read from the indexed pool
 * (the pair's Sync and Swap events): price, 24-hour change, liquidity, 24-hour volume, the pool's
 * gap to the platform's rate, addresses and the exchange's Trade / Add Liquidity links
 * (docs/product.md#buying-loop-with-eth). Amounts are integers as decimal strings: wei of the coin and
 * of LOOP, US cents; changes in basis points. `pool: null` is "No pool yet".
 */
import { z } from "zod";
import { chainExchangeSchema } from "./api-responses";

const wei = z.string().regex(/^\d+$/).describe("wei, an integer as a decimal string");
const cents = z.string().regex(/^\d+$/).describe("US cents, an integer as a decimal string");

export const exchangePoolSchema = z.object({
  reserves: z.object({ native: wei, loop: wei }).describe("The pair's reserves after its last indexed Sync"),
  loopPerNative: wei.describe("The pool's mid price: LOOP wei per whole coin"),
  loopPerUsd: wei
    .nullable()
    .describe("LOOP wei per US dollar at the configured coin price (the platform's rate is 500 LOOP); null without a coin price"),
  usdMicrosPerLoop: z
    .string()
    .regex(/^\d+$/)
    .nullable()
    .describe("Millionths of a US dollar per LOOP (rounded half-up); null without a coin price"),
  platformGapBps: z
    .number()
    .int()
    .nullable()
    .describe("The pool's LOOP price against the platform's 500 LOOP = $1, basis points (positive: dearer on the pool)"),
  change24hBps: z
    .number()
    .int()
    .nullable()
    .describe("LOOP's price change since 24 hours ago (or since the pool's first Sync when younger), basis points"),
  liquidity: z.object({ native: wei.describe("Both sides valued in the coin: twice its reserve"), usdCents: cents.nullable() }),
  volume24h: z.object({
    native: wei.describe("The coin side of the last 24 hours' swaps"),
    usdCents: cents.nullable(),
    swaps: z.number().int().min(0),
  }),
  blockNumber: z.string().regex(/^\d+$/).describe("The block of the last indexed Sync"),
});
export type ExchangePool = z.infer<typeof exchangePoolSchema>;

export const exchangeMarketSchema = z.object({
  chainId: z.number().int().positive(),
  chainName: z.string(),
  nativeSymbol: z.enum(["ETH", "BNB", "POL"]).describe("The coin LOOP is paired with (wrapped on the pool)"),
  token: z.string().nullable().describe("LoopToken on this chain; null when not deployed"),
  exchange: chainExchangeSchema.nullable().describe("The exchange and the LOOP pair; null when the chain has none"),
  pool: exchangePoolSchema.nullable().describe('The indexed pool; null: "No pool yet" (no pair, or no liquidity indexed)'),
  links: z
    .object({ trade: z.url(), addLiquidity: z.url() })
    .nullable()
    .describe("The exchange's own pages for LOOP (new tab); null on a chain whose exchange has no public site"),
});
export type ExchangeMarket = z.infer<typeof exchangeMarketSchema>;

export const exchangeMarketsSchema = z.object({ markets: z.array(exchangeMarketSchema) });
export type ExchangeMarkets = z.infer<typeof exchangeMarketsSchema>;
