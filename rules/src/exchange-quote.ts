/**
 * Quotes of the exchange's LOOP pool (Uniswap V2 and PancakeSwap V2: the constant product x·y = k
 * with a 0.3% fee on the coin paid in), in integers only: wei of the native coin and of LOOP,
 * basis points. The formulas are UniswapV2Library's (getAmountOut / getAmountIn, rounding as the
 * router does), so a quote is what the router's own getAmountsOut / getAmountsIn answer for the
 * same reserves. Used by the web's Buy with ETH (BNB) dialog and the API's exchange figures
 * (docs/product.md#buying-loop-with-eth). Zod-free and viem-free.
 */

/** The LP fee: 997/1000 of the coin paid in reaches the curve. */
const FEE_NUMERATOR = 997n;
const FEE_DENOMINATOR = 1000n;
export const BPS = 10_000n;

/** The member's slippage bound until they change it: 0.5%. */
export const DEFAULT_SLIPPAGE_BPS = 50;
/** The highest slippage a member may allow (a sandwich can take up to what is allowed): 50%. */
export const MAX_SLIPPAGE_BPS = 5_000;
/** A quote is shown and used this long at most (and less when a new block changes the reserves). */
export const QUOTE_TTL_MS = 30_000;
/** The swap's `deadline`: this long after the member confirms (the router reverts EXPIRED after it). */
export const SWAP_DEADLINE_SECONDS = 5 * 60;

/** The pool's reserves, each in wei: the native coin's side (wrapped: WETH, WBNB) and LOOP's. */
export interface PoolReserves {
  native: bigint;
  loop: bigint;
}

/** UniswapV2Library.getAmountOut: what `amountIn` buys from a pool of `reserveIn` / `reserveOut`. */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n) throw new RangeError("getAmountOut: the amount in must be positive");
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError("getAmountOut: the pool has no liquidity");
  const amountInWithFee = amountIn * FEE_NUMERATOR;
  return (amountInWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + amountInWithFee);
}

/** UniswapV2Library.getAmountIn: the least paid in for at least `amountOut` (rounded up by one, as the library does). */
export function getAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountOut <= 0n) throw new RangeError("getAmountIn: the amount out must be positive");
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError("getAmountIn: the pool has no liquidity");
  if (amountOut >= reserveOut) throw new RangeError("getAmountIn: the pool does not hold that much");
  return (reserveIn * amountOut * FEE_DENOMINATOR) / ((reserveOut - amountOut) * FEE_NUMERATOR) + 1n;
}

/**
 * The price impact of paying `amountIn` for `amountOut`, in basis points rounded up: how far the
 * execution price falls short of the pool's price before the trade, the 0.3% fee aside (the
 * definition of Uniswap's interface). Exact: ideal = amountIn·0.997·reserveOut/reserveIn.
 */
export function priceImpactBps(amountIn: bigint, amountOut: bigint, reserveIn: bigint, reserveOut: bigint): number {
  const ideal = amountIn * FEE_NUMERATOR * reserveOut;
  const actual = amountOut * reserveIn * FEE_DENOMINATOR;
  if (actual >= ideal) return 0;
  return Number(ceilDiv((ideal - actual) * BPS, ideal));
}

/** The least received under `slippageBps` (rounded down): the swap's `amountOutMin`. */
export function minimumReceived(amountOut: bigint, slippageBps: number): bigint {
  return (amountOut * (BPS - BigInt(slippageBps))) / BPS;
}

/** The most paid under `slippageBps` (rounded up): an exact-output swap's `msg.value`. */
export function maximumSold(amountIn: bigint, slippageBps: number): bigint {
  return ceilDiv(amountIn * (BPS + BigInt(slippageBps)), BPS);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** What the member typed: the coin to spend, or the LOOP wanted. */
export type QuoteSide = "spend" | "receive";

export interface SwapQuote {
  side: QuoteSide;
  /** Native coin paid, wei (the pool's own answer for `receive`). */
  amountIn: bigint;
  /** LOOP received, wei. */
  amountOut: bigint;
  priceImpactBps: number;
  slippageBps: number;
  /** Least LOOP the swap may give (the router's `amountOutMin`; the zap's `minLoopOut`). */
  minimumOut: bigint;
  /** Most coin the swap may take (an exact-output swap's value; an exact-input swap pays `amountIn`). */
  maximumIn: bigint;
  /** The reserves the quote was made from: a new block with others ends it. */
  reserves: PoolReserves;
  /** Milliseconds (epoch) it was made, and after which it is no longer used. */
  quotedAt: number;
  expiresAt: number;
}

export interface QuoteRequest {
  side: QuoteSide;
  /** Wei of the coin (`spend`) or of LOOP (`receive`). */
  amount: bigint;
  reserves: PoolReserves;
  slippageBps: number;
  now: number;
}

/**
 * A quote of the pool: `spend` an exact coin amount (LOOP out from getAmountOut, at least
 * minimumOut) or `receive` an exact LOOP amount (coin in from getAmountIn; the least LOOP then is
 * the wanted amount less the slippage, the most coin the amount in plus the slippage). Throws a
 * RangeError when the pool cannot answer (no liquidity, more LOOP than it holds).
 */
export function quoteSwap({ side, amount, reserves, slippageBps, now }: QuoteRequest): SwapQuote {
  if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > MAX_SLIPPAGE_BPS) {
    throw new RangeError(`slippage must be whole basis points from 0 to ${MAX_SLIPPAGE_BPS}`);
  }
  const amountIn = side === "spend" ? amount : getAmountIn(amount, reserves.native, reserves.loop);
  const amountOut = side === "spend" ? getAmountOut(amount, reserves.native, reserves.loop) : amount;
  return {
    side,
    amountIn,
    amountOut,
    priceImpactBps: priceImpactBps(amountIn, amountOut, reserves.native, reserves.loop),
    slippageBps,
    minimumOut: minimumReceived(amountOut, slippageBps),
    maximumIn: maximumSold(amountIn, slippageBps),
    reserves,
    quotedAt: now,
    expiresAt: now + QUOTE_TTL_MS,
  };
}

/** Why a quote may not be sent to the wallet any more; null while it may. */
export function quoteExpiry(quote: SwapQuote, now: number, reserves: PoolReserves | null): "expired" | "reserves-changed" | null {
  if (now >= quote.expiresAt) return "expired";
  if (reserves && (reserves.native !== quote.reserves.native || reserves.loop !== quote.reserves.loop)) return "reserves-changed";
  return null;
}

/** The swap's `deadline` (unix seconds) for a confirmation at `nowMs`. */
export function swapDeadline(nowMs: number): bigint {
  return BigInt(Math.floor(nowMs / 1000) + SWAP_DEADLINE_SECONDS);
}

/** The pair's reserves as the pool's sides: token0 is the lower address of the two (Uniswap V2's order). */
export function poolReservesOf(loopToken: string, wrappedNative: string, reserve0: bigint, reserve1: bigint): PoolReserves {
  const loopIsToken0 = loopToken.toLowerCase() < wrappedNative.toLowerCase();
  return loopIsToken0 ? { loop: reserve0, native: reserve1 } : { loop: reserve1, native: reserve0 };
}

/** 1e18: wei per coin and per LOOP (both have 18 decimals). */
export const WEI = 10n ** 18n;

/** The pool's mid price: LOOP wei per whole coin (rounded down); null without liquidity. */
export function loopPerNative(reserves: PoolReserves): bigint | null {
  if (reserves.native <= 0n || reserves.loop <= 0n) return null;
  return (reserves.loop * WEI) / reserves.native;
}

/**
 * A mid price's change in basis points (rounded toward zero), from `before` to `after`, both as
 * LOOP per coin: LOOP's own price moves the other way (fewer LOOP per coin: LOOP is dearer).
 */
export function loopPriceChangeBps(beforeLoopPerNative: bigint, afterLoopPerNative: bigint): number {
  // LOOP's price in coin is 1/(LOOP per coin): change = before/after − 1.
  return Number(((beforeLoopPerNative - afterLoopPerNative) * BPS) / afterLoopPerNative);
}
