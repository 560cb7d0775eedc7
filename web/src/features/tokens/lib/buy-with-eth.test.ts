import { getAmountOut, QUOTE_TTL_MS, quoteSwap, type PoolReserves } from "@loop/rules/exchange-quote";
import { describe, expect, it, vi } from "vitest";
import { fakeTransactionWallet, writtenFunctions } from "@/lib/wallet/fake-wallet-controls";
import { makeMarket } from "@/testing/exchange-fixtures";
import {
  BUY_MESSAGES,
  BuyRefusedError,
  type BuyWallet,
  buyFailureText,
  buyMarketOf,
  checkBuyAmount,
  percentText,
  quoteRefusal,
  runBuyWithEth,
  slippageBpsOf,
} from "./buy-with-eth";

const WEI = 10n ** 18n;
const POOL: PoolReserves = { native: 2n * WEI, loop: 3_000_000n * WEI };
const MEMBER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
const REF = `0x${"ab".repeat(32)}` as const;
const market = buyMarketOf(makeMarket())!;

/** The pair's getReserves as the chain answers: token0 is the lower address (here LOOP's). */
function pairAnswer(reserves: PoolReserves) {
  const loopFirst = market.token.toLowerCase() < market.wrappedNative.toLowerCase();
  return loopFirst ? { reserve0: reserves.loop, reserve1: reserves.native } : { reserve0: reserves.native, reserve1: reserves.loop };
}

function wallet(reserves: PoolReserves = POOL, eth = 10n * WEI): BuyWallet {
  return {
    ...fakeTransactionWallet({
      address: MEMBER,
      writes: { "zap.swapEthAndDeposit": "0x01", "router.swapExactETHForTokens": "0x02", "router.swapETHForExactTokens": "0x03" },
    }),
    readNativeBalance: vi.fn(async () => eth),
    readPairReserves: vi.fn(async () => pairAnswer(reserves)),
  };
}

describe("Buy with ETH: amounts and refusals before the wallet", () => {
  it("reads LOOP wanted (8 decimals at most) and coin to spend (18), refusing the rest", () => {
    expect(checkBuyAmount("1000", "receive")).toEqual({ ok: true, wei: 1000n * WEI });
    expect(checkBuyAmount("0.000000001", "receive")).toEqual({ ok: false, message: BUY_MESSAGES.tooPreciseLoop });
    expect(checkBuyAmount(".5", "spend")).toEqual({ ok: true, wei: WEI / 2n });
    expect(checkBuyAmount("0", "spend")).toEqual({ ok: false, message: BUY_MESSAGES.invalid });
    expect(checkBuyAmount("", "spend")).toEqual({ ok: false, message: BUY_MESSAGES.missing });
    expect(checkBuyAmount("1e3", "spend")).toEqual({ ok: false, message: BUY_MESSAGES.invalid });
    expect(slippageBpsOf("0.5")).toBe(50);
    expect(slippageBpsOf("51")).toBeNull();
    expect(slippageBpsOf("-1")).toBeNull();
    expect(percentText(475)).toBe("4.75%");
    expect(percentText(500)).toBe("5%");
  });

  it("refuses a quote whose price impact is above the platform's bound, with the reason", () => {
    const big = quoteSwap({ side: "spend", amount: WEI / 5n, reserves: POOL, slippageBps: 50, now: 0 });
    expect(quoteRefusal(big, 500)).toBe(
      "Price Impact Too High: This buy would move the pool's price by 9.07%, more than the 5% allowed. Buy less, or in several smaller buys.",
    );
    expect(quoteRefusal(quoteSwap({ side: "receive", amount: 1000n * WEI, reserves: POOL, slippageBps: 50, now: 0 }), 500)).toBeNull();
  });
});

describe("Buy with ETH: the wallet flow", () => {
  it("credit to my balance: LoopZap.swapEthAndDeposit with the quote's minimum, the coin paid and a deadline minutes away", async () => {
    const w = wallet();
    vi.mocked(w.waitForTransaction).mockResolvedValue({
      status: "success",
      events: [
        {
          eventName: "SwappedAndDeposited",
          args: { buyer: MEMBER, accountRef: REF, ethIn: 1n, loopOut: 1000n * WEI, deposited: 1000n * WEI },
        },
      ],
    } as never);
    const quote = quoteSwap({ side: "receive", amount: 1000n * WEI, reserves: POOL, slippageBps: 50, now: 1_000_000 });
    const steps: string[] = [];
    const receipt = await runBuyWithEth(w, {
      market,
      quote,
      destination: "balance",
      accountRef: REF,
      onStep: (s) => steps.push(s),
      now: () => 1_000_000,
    });
    expect(receipt).toEqual({ hash: "0x01", account: MEMBER, depositedWei: 1000n * WEI });
    expect(w.writeContract).toHaveBeenCalledWith(
      { name: "zap", chainId: 31337, address: market.zap },
      "swapEthAndDeposit",
      [REF, quote.minimumOut, 1_000n + 300n],
      { value: quote.amountIn },
    );
    expect(steps).toEqual(["connecting", "checking", "buying", "confirming"]);
  });

  it("keep in my wallet: the router's exact-output swap to the member, paying at most the slippage more", async () => {
    const w = wallet();
    const quote = quoteSwap({ side: "receive", amount: 1000n * WEI, reserves: POOL, slippageBps: 100, now: 0 });
    await runBuyWithEth(w, { market, quote, destination: "wallet", accountRef: null, onStep: () => {}, now: () => 0 });
    expect(writtenFunctions(w)).toEqual(["router.swapETHForExactTokens"]);
    expect(vi.mocked(w.writeContract).mock.calls[0]![2]).toEqual([1000n * WEI, [market.wrappedNative, market.token], MEMBER, 300n]);
    expect(vi.mocked(w.writeContract).mock.calls[0]![3]).toEqual({ value: quote.maximumIn });
  });

  it("refuses before the wallet opens: a quote older than 30 s, reserves moved by another trade, too little ETH", async () => {
    const quote = quoteSwap({ side: "spend", amount: WEI / 100n, reserves: POOL, slippageBps: 50, now: 0 });
    const run = (w: BuyWallet, now = 1) =>
      runBuyWithEth(w, { market, quote, destination: "wallet", accountRef: null, onStep: () => {}, now: () => now });
    await expect(run(wallet(), QUOTE_TTL_MS)).rejects.toThrow(BUY_MESSAGES.expired);
    const frontRun = WEI / 10n;
    const moved = { native: POOL.native + frontRun, loop: POOL.loop - getAmountOut(frontRun, POOL.native, POOL.loop) };
    const w = wallet(moved);
    await expect(run(w)).rejects.toThrow(BUY_MESSAGES.changed);
    expect(w.writeContract).not.toHaveBeenCalled();
    await expect(run(wallet(POOL, WEI / 1000n))).rejects.toThrow(/^Insufficient ETH: This buy needs 0\.01 ETH plus the network fee/);
  });

  it("tells the member when a front-run made the minimum fail, or the chain reverted the buy", () => {
    const revert = (reason: string) => ({
      name: "ContractFunctionExecutionError",
      cause: { name: "ContractFunctionRevertedError", reason },
    });
    expect(buyFailureText(revert("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"))).toBe(BUY_MESSAGES.priceMoved);
    expect(buyFailureText(revert("UniswapV2Router: EXPIRED"))).toBe(BUY_MESSAGES.deadline);
    expect(buyFailureText(new BuyRefusedError("The buy transaction was reverted on chain."))).toBe(BUY_MESSAGES.reverted);
    expect(buyFailureText({ code: 4001 })).toBe("You rejected the request in your wallet.");
    expect(buyFailureText({ cause: { data: { errorName: "EnforcedPause" } } })).toMatch(/^Deposits are paused/);
  });
});
