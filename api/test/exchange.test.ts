// GET /api/exchange: the exchange cards' figures from the indexed pool, on a real local chain with
// Uniswap V2 deployed from its npm builds and the LOOP pool seeded at 500 LOOP = $1 (3,000,000 LOOP +
// 2 ETH at the dev price of $3,000), indexed by the real Ponder. Also: the shared quote module
// (@loop/rules/exchange-quote) gives what the router answers for the same reserves, and a front-run
// between a quote and its swap makes the minimum fail on chain. A buy through LoopZap is settled as
// a deposit that the member's history calls "Bought with ETH".
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loopZapAbi, uniswapV2RouterAbi } from "@loop/contracts/abis";
import { depositRefOf } from "@loop/rules/deposit-ref";
import { DEFAULT_SLIPPAGE_BPS, getAmountIn, getAmountOut, quoteSwap, swapDeadline, WEI } from "@loop/rules/exchange-quote";
import { exchangeMarketsSchema, type ExchangeMarket } from "@loop/rules/schemas/exchange";
import { transferListSchema } from "@loop/rules/schemas/tokens";
import fc from "fast-check";
import request from "supertest";
import { BaseError, ContractFunctionRevertedError, getAddress, parseEther, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSettlementWorker, type SettlementWorker } from "../src/features/settlement/settlement-worker";
import { tokenBalance } from "./support/api-calls";
import { deployContracts } from "./support/deploy-contracts";
import { startHardhatNode } from "./support/hardhat-node";
import { localChain, treasuryAccount } from "./support/local-chain";
import { signInMember } from "./support/members";
import { startPonder, type RunningPonder } from "./support/ponder";
import { newAccount } from "./support/siwe";
import { createTestApp, type TestApp } from "./support/test-app";
import { waitFor } from "./support/wait";

async function markets(t: TestApp): Promise<ExchangeMarket[]> {
  return exchangeMarketsSchema.parse((await request(t.app).get("/api/exchange").expect(200)).body).markets;
}

describe("GET /api/exchange without a deployment", () => {
  let t: TestApp;
  let noManifests: string;
  beforeAll(async () => {
    noManifests = mkdtempSync(path.join(os.tmpdir(), "loop-exchange-no-manifests-"));
    t = await createTestApp({ env: { DEPLOYMENTS_DIR: noManifests } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(noManifests, { recursive: true, force: true });
  });

  it('is "No pool yet" on every configured chain: no token, no exchange, no links', async () => {
    expect(await markets(t)).toEqual([
      { chainId: 31337, chainName: "Hardhat (local)", nativeSymbol: "ETH", token: null, exchange: null, pool: null, links: null },
    ]);
  });
});

describe("GET /api/exchange on the local chain's pool", () => {
  let node: Awaited<ReturnType<typeof startHardhatNode>>;
  let deployments: string;
  let t: TestApp;
  let ponder: RunningPonder;
  let settlement: SettlementWorker;
  let chain: ReturnType<typeof localChain>;
  let router: Address;
  let zap: Address;
  let token: Address;
  let weth: Address;

  /** The market once the indexer has the pool at (or after) `block`. */
  const marketAt = (block: bigint) =>
    waitFor(`the pool indexed at block ${block}`, async () => {
      const [market] = await markets(t);
      return market?.pool && BigInt(market.pool.blockNumber) >= block ? market : null;
    });
  const reservesNow = async () => {
    const [market] = await markets(t);
    return { native: BigInt(market!.pool!.reserves.native), loop: BigInt(market!.pool!.reserves.loop) };
  };
  /** A new account holding `eth` ETH (from the treasury). */
  const withEth = async (eth: string) => {
    const account = newAccount();
    await chain.confirm(await chain.wallet(treasuryAccount).sendTransaction({ to: account.address, value: parseEther(eth) }));
    return account;
  };
  const deadline = async () => (await chain.client.getBlock()).timestamp + 300n;

  beforeAll(async () => {
    node = await startHardhatNode();
    deployments = mkdtempSync(path.join(os.tmpdir(), "loop-exchange-deployments-"));
    await deployContracts(node.url, deployments);
    chain = localChain(node.url);
    t = await createTestApp({ env: { RPC_URL_31337: node.url, DEPLOYMENTS_DIR: deployments } });
    const config = t.config.chains.find((c) => c.id === 31337)!;
    token = getAddress(config.contracts!.token);
    router = getAddress(config.exchange!.router);
    zap = getAddress(config.exchange!.zap!);
    weth = getAddress(config.exchange!.wrappedNative);
    ponder = await startPonder({ databaseUrl: t.db.url, rpcUrl: node.url, deploymentsDir: deployments });
    settlement = startSettlementWorker(t.deps);
  });
  afterAll(async () => {
    await settlement?.stop();
    await ponder?.stop();
    await t?.close();
    await node?.stop();
    rmSync(deployments, { recursive: true, force: true });
  });

  it("the seeded pool: 1,500,000 LOOP per ETH, $0.002 per LOOP (the platform's rate: no gap), $12,000 of liquidity, no volume", async () => {
    const market = await marketAt(0n);
    expect(market).toMatchObject({
      chainId: 31337,
      nativeSymbol: "ETH",
      token,
      exchange: { name: "Uniswap V2 (local)", router, zap, wrappedNative: weth, nativeUsdCents: 300_000 },
      links: null,
      pool: {
        reserves: { native: (2n * WEI).toString(), loop: (3_000_000n * WEI).toString() },
        loopPerNative: (1_500_000n * WEI).toString(),
        loopPerUsd: (500n * WEI).toString(),
        usdMicrosPerLoop: "2000",
        platformGapBps: 0,
        change24hBps: 0,
        liquidity: { native: (4n * WEI).toString(), usdCents: "1200000" },
        volume24h: { native: "0", usdCents: "0", swaps: 0 },
      },
    });
    // The client configuration publishes the same exchange (the web's Buy with ETH swaps through it).
    const config = (await request(t.app).get("/api/config").expect(200)).body;
    expect(config.chains[0].exchange).toEqual(market.exchange);
  });

  it("the quote module answers what the router answers for the same reserves (fuzzed amounts)", async () => {
    const reserves = await reservesNow();
    // The router's amounts along WETH → LOOP: out for an amount in, in for an amount out.
    const routerAmounts = (functionName: "getAmountsOut" | "getAmountsIn", amount: bigint) =>
      chain.client.readContract({ address: router, abi: uniswapV2RouterAbi, functionName, args: [amount, [weth, token]] });
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 10n ** 9n, max: 10n ** 18n }),
        fc.bigInt({ min: 10n ** 10n, max: 10n ** 24n }),
        async (eth, loop) => {
          const out = await routerAmounts("getAmountsOut", eth);
          expect(getAmountOut(eth, reserves.native, reserves.loop)).toBe(out[1]);
          const into = await routerAmounts("getAmountsIn", loop);
          expect(getAmountIn(loop, reserves.native, reserves.loop)).toBe(into[0]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("a buy through LoopZap moves the card (LOOP dearer, a 24-hour change, volume, a gap to the platform's rate) and is credited as bought with ETH", async () => {
    const member = await signInMember(t);
    const buyer = await withEth("1");
    const reserves = await reservesNow();
    const quote = quoteSwap({ side: "receive", amount: 1000n * WEI, reserves, slippageBps: DEFAULT_SLIPPAGE_BPS, now: Date.now() });
    const receipt = await chain.confirm(
      await chain.wallet(buyer).writeContract({
        address: zap,
        abi: loopZapAbi,
        functionName: "swapEthAndDeposit",
        args: [depositRefOf(member.id), quote.minimumOut, swapDeadline(Date.now())],
        value: quote.amountIn,
      }),
    );
    const market = await marketAt(receipt.blockNumber);
    const pool = market.pool!;
    expect(BigInt(pool.reserves.native)).toBe(reserves.native + quote.amountIn);
    expect(BigInt(pool.reserves.loop)).toBeLessThanOrEqual(reserves.loop - 1000n * WEI);
    expect(BigInt(pool.loopPerNative)).toBeLessThan(1_500_000n * WEI);
    expect(pool.change24hBps).toBeGreaterThan(0);
    // The seeded price was the platform's: the gap is the change (each rounded its own way).
    expect(Math.abs(pool.platformGapBps! - pool.change24hBps!)).toBeLessThanOrEqual(1);
    const cents = (quote.amountIn * 300_000n * 2n + WEI) / (2n * WEI);
    expect(pool.volume24h).toEqual({ native: quote.amountIn.toString(), usdCents: cents.toString(), swaps: 1 });

    // The zap's Deposited is credited as a deposit that the member's history and notice call a buy
    // with ETH, never a deposit from the zap's address as if it were their wallet.
    await waitFor("the buy to be credited", async () => (await tokenBalance(member.browser)).balance === "1500.00000000");
    const transfers = transferListSchema.parse((await member.browser.get("/api/tokens/transfers").expect(200)).body);
    expect(transfers[0]).toMatchObject({
      transferType: "deposit",
      direction: "in",
      amount: "1000.00000000",
      description: "Bought with ETH",
    });
    const notice = await t.db.prisma.notification.findFirstOrThrow({ where: { userId: member.id, title: "LOOP Bought" } });
    expect(notice.message).toBe("1000 LOOP bought with ETH were added to your balance.");
  });

  it("a front-run between the quote and the swap makes the minimum fail: the router reverts and the buyer keeps the ETH", async () => {
    const member = await signInMember(t);
    const buyer = await withEth("1");
    const frontRunner = await withEth("5");
    const reserves = await reservesNow();
    const quote = quoteSwap({ side: "spend", amount: parseEther("0.01"), reserves, slippageBps: DEFAULT_SLIPPAGE_BPS, now: Date.now() });
    // Someone buys 0.2 ETH of LOOP first: the pool gives the member less than their minimum.
    await chain.confirm(
      await chain.wallet(frontRunner).writeContract({
        address: router,
        abi: uniswapV2RouterAbi,
        functionName: "swapExactETHForTokens",
        args: [0n, [weth, token], frontRunner.address, await deadline()],
        value: parseEther("0.2"),
      }),
    );
    const before = await chain.client.getBalance({ address: buyer.address });
    const attempt = chain.client.simulateContract({
      account: buyer,
      address: zap,
      abi: loopZapAbi,
      functionName: "swapEthAndDeposit",
      args: [depositRefOf(member.id), quote.minimumOut, await deadline()],
      value: quote.amountIn,
    });
    const error = await attempt.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BaseError);
    const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null;
    expect(reverted?.reason).toBe("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT");
    expect(await chain.client.getBalance({ address: buyer.address })).toBe(before);
  });
});
