import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SLIPPAGE_BPS,
  getAmountIn,
  getAmountOut,
  loopPerNative,
  loopPriceChangeBps,
  maximumSold,
  minimumReceived,
  poolReservesOf,
  priceImpactBps,
  QUOTE_TTL_MS,
  quoteExpiry,
  quoteSwap,
  swapDeadline,
  WEI,
} from "./exchange-quote";

/** The local pool as the deploy seeds it: 3,000,000 LOOP + 2 ETH (500 LOOP = $1 at $3,000 per ETH). */
const LOCAL_POOL = { native: 2n * WEI, loop: 3_000_000n * WEI };

/** Reserves a real pool can hold (uint112), from dust to far more than any pool. */
const reserve = fc.bigInt({ min: 1_000n, max: (1n << 112n) - 1n });
const amount = fc.bigInt({ min: 1n, max: 10n ** 30n });

describe("the pool's formula (UniswapV2Library)", () => {
  it("is the constant product with 0.3% on the coin paid in: k never falls, and one wei more out would break it", () => {
    fc.assert(
      fc.property(amount, reserve, reserve, (amountIn, reserveIn, reserveOut) => {
        const out = getAmountOut(amountIn, reserveIn, reserveOut);
        expect(out).toBeLessThan(reserveOut);
        // The pair's own check (UniswapV2Pair.swap): balances with the fee taken keep k.
        const k = (out: bigint) => (reserveIn * 1000n + amountIn * 997n) * (reserveOut - out) * 1000n;
        expect(k(out)).toBeGreaterThanOrEqual(reserveIn * reserveOut * 1000n * 1000n);
        expect(k(out + 1n)).toBeLessThan(reserveIn * reserveOut * 1000n * 1000n);
      }),
      { numRuns: 500 },
    );
  });

  it("getAmountIn pays enough for the LOOP wanted, and one wei less would not (up to the library's +1)", () => {
    fc.assert(
      fc.property(reserve, reserve, fc.bigInt({ min: 1n, max: 10n ** 30n }), (reserveIn, reserveOut, wantedSeed) => {
        const wanted = (wantedSeed % (reserveOut - 1n)) + 1n;
        const paid = getAmountIn(wanted, reserveIn, reserveOut);
        expect(getAmountOut(paid, reserveIn, reserveOut)).toBeGreaterThanOrEqual(wanted);
        if (paid > 2n) expect(getAmountOut(paid - 2n, reserveIn, reserveOut)).toBeLessThan(wanted);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses what the router refuses: nothing in, an empty pool, more than the pool holds", () => {
    expect(() => getAmountOut(0n, 1n, 1n)).toThrow(RangeError);
    expect(() => getAmountOut(1n, 0n, 1n)).toThrow(RangeError);
    expect(() => getAmountIn(LOCAL_POOL.loop, LOCAL_POOL.native, LOCAL_POOL.loop)).toThrow(RangeError);
  });
});

describe("quotes", () => {
  it("the local pool: 1,000 LOOP cost about 0.000668 ETH, with a price impact of 4 bp and 0.5% slippage by default", () => {
    const quote = quoteSwap({
      side: "receive",
      amount: 1000n * WEI,
      reserves: LOCAL_POOL,
      slippageBps: DEFAULT_SLIPPAGE_BPS,
      now: 0,
    });
    expect(quote.amountIn).toBe(getAmountIn(1000n * WEI, LOCAL_POOL.native, LOCAL_POOL.loop));
    expect(quote.amountIn / 10n ** 12n).toBe(668n); // 0.000668… ETH
    expect(quote.amountOut).toBe(1000n * WEI);
    expect(quote.priceImpactBps).toBe(4);
    expect(quote.minimumOut).toBe(995n * WEI);
    expect(quote.maximumIn).toBe(maximumSold(quote.amountIn, 50));
    expect(quote.expiresAt).toBe(QUOTE_TTL_MS);
  });

  it("0.1 ETH moves the local pool's price by about 5% (the default bound)", () => {
    const quote = quoteSwap({ side: "spend", amount: WEI / 10n, reserves: LOCAL_POOL, slippageBps: 50, now: 0 });
    expect(quote.priceImpactBps).toBe(475);
    expect(quoteSwap({ side: "spend", amount: WEI / 9n, reserves: LOCAL_POOL, slippageBps: 50, now: 0 }).priceImpactBps).toBeGreaterThan(
      500,
    );
  });

  it("fuzzed: the minimum is the amount less the slippage, never more than what the pool gives, the impact grows with the amount", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 5000 }),
        fc.bigInt({ min: 10n ** 15n, max: 10n ** 22n }),
        fc.bigInt({ min: 10n ** 18n, max: 10n ** 27n }),
        (spend, slippageBps, native, loop) => {
          const reserves = { native, loop };
          const quote = quoteSwap({ side: "spend", amount: spend, reserves, slippageBps, now: 0 });
          expect(quote.amountOut).toBe(getAmountOut(spend, native, loop));
          expect(quote.minimumOut).toBeLessThanOrEqual(quote.amountOut);
          expect(quote.minimumOut).toBe((quote.amountOut * BigInt(10_000 - slippageBps)) / 10_000n);
          expect(quote.priceImpactBps).toBeGreaterThanOrEqual(0);
          expect(quote.priceImpactBps).toBeLessThanOrEqual(10_000);
          // Rounding a dust output down moves its impact by more than a basis point: compare real amounts.
          if (quote.amountOut >= 10n ** 8n) {
            const more = quoteSwap({ side: "spend", amount: spend * 2n, reserves, slippageBps, now: 0 });
            expect(more.priceImpactBps).toBeGreaterThanOrEqual(quote.priceImpactBps);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a front-run between the quote and the swap: within the slippage the swap still gives the minimum, beyond it the minimum fails", () => {
    const member = quoteSwap({ side: "spend", amount: WEI / 100n, reserves: LOCAL_POOL, slippageBps: 50, now: 0 });
    // Someone else buys first: the reserves the member's swap meets.
    const after = (frontRunWei: bigint) => {
      const out = getAmountOut(frontRunWei, LOCAL_POOL.native, LOCAL_POOL.loop);
      return { native: LOCAL_POOL.native + frontRunWei, loop: LOCAL_POOL.loop - out };
    };
    const small = after(WEI / 1000n);
    expect(getAmountOut(member.amountIn, small.native, small.loop)).toBeGreaterThanOrEqual(member.minimumOut);
    const large = after(WEI / 10n);
    expect(getAmountOut(member.amountIn, large.native, large.loop)).toBeLessThan(member.minimumOut);
    // The web sees the new reserves before the member confirms: the quote is over.
    expect(quoteExpiry(member, 1, large)).toBe("reserves-changed");
  });

  it("expires after its time or when the reserves change, and the swap's deadline is minutes away", () => {
    const quote = quoteSwap({ side: "spend", amount: WEI / 100n, reserves: LOCAL_POOL, slippageBps: 50, now: 1_000 });
    expect(quoteExpiry(quote, 1_000 + QUOTE_TTL_MS - 1, LOCAL_POOL)).toBeNull();
    expect(quoteExpiry(quote, 1_000 + QUOTE_TTL_MS, LOCAL_POOL)).toBe("expired");
    expect(quoteExpiry(quote, 2_000, null)).toBeNull();
    expect(swapDeadline(1_700_000_000_000)).toBe(1_700_000_300n);
  });

  it("refuses a slippage that is not whole basis points from 0 to 50%", () => {
    for (const slippageBps of [-1, 5001, 0.5]) {
      expect(() => quoteSwap({ side: "spend", amount: 1n, reserves: LOCAL_POOL, slippageBps, now: 0 })).toThrow(RangeError);
    }
    expect(minimumReceived(1000n, 0)).toBe(1000n);
    expect(priceImpactBps(1n, 0n, 1n, 1n)).toBe(10_000);
  });
});

describe("the pool's price", () => {
  it("reads the pair's reserves by address order and gives LOOP per coin", () => {
    const loop = "0x00000000000000000000000000000000000000aa";
    const weth = "0x00000000000000000000000000000000000000bb";
    expect(poolReservesOf(loop, weth, 3n, 2n)).toEqual({ loop: 3n, native: 2n });
    expect(poolReservesOf(weth, loop, 3n, 2n)).toEqual({ loop: 2n, native: 3n });
    expect(loopPerNative(LOCAL_POOL)).toBe(1_500_000n * WEI);
    expect(loopPerNative({ native: 0n, loop: 1n })).toBeNull();
  });

  it("LOOP's price change: fewer LOOP per coin is a rise", () => {
    expect(loopPriceChangeBps(1_500_000n, 1_470_000n)).toBe(204);
    expect(loopPriceChangeBps(1_500_000n, 1_500_000n)).toBe(0);
    expect(loopPriceChangeBps(1_500_000n, 1_600_000n)).toBe(-625);
  });
});
