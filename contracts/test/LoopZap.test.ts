// LoopZap, and Uniswap V2 as the deployment runs it: WETH9, UniswapV2Factory and UniswapV2Router02
// deployed from their npm packages' builds, a LOOP/WETH pool seeded at the platform's rate (the
// local chain's pool: 2 ETH at $3,000 against 3,000,000 LOOP). Covers the plain swap through the
// router, the zap's deposit for the member's account, slippage, expiry, a front-run (in the same
// block and before), a paused vault, reentrancy, and a property test of random amounts and bounds.
// After every call the zap must hold nothing: no ETH, WETH or LOOP, and no allowance to the vault.
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import fc from "fast-check";
import hre from "hardhat";
import {
  encodeFunctionData,
  erc20Abi,
  encodePacked,
  getAddress,
  getContractAddress,
  keccak256,
  parseEther,
  parseEventLogs,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi, type loopZapAbi } from "../generated/abis.mjs";
import { LOCAL_POOL_ETH, LOCAL_POOL_LOOP } from "../scripts/deploy-plan";
import {
  ROUTER_PAIR_INIT_CODE_HASH,
  UNISWAP_V2_FACTORY,
  UNISWAP_V2_PAIR,
  UNISWAP_V2_ROUTER,
  WETH9,
  type UniswapBuild,
} from "../scripts/uniswap-v2";
import {
  LOOP,
  WEI_PER_LEDGER_UNIT,
  ZERO_ADDRESS,
  addressOf,
  bind,
  deploySystem,
  expectRevert,
  id,
  now,
  type WalletClient,
} from "./helpers";

const FUZZ_RUNS = Number(process.env.ZAP_FUZZ_RUNS ?? 60);
const HOUR = 3600n;
const BPS = 10_000n;
const ref = id("member-account");

/** The compiled LoopZap ABI (from the artifacts, so a test never runs against stale generated files), typed. */
async function zapAbi() {
  return (await hre.artifacts.readArtifact("LoopZap")).abi as unknown as typeof loopZapAbi;
}

/** The system (token, vault, marketplace, roles) with Uniswap V2 from its builds, a seeded pool and the zap. */
async function exchangeSystem() {
  const system = await deploySystem();
  const { admin, publicClient, token } = system;
  async function fromBuild(build: UniswapBuild, args: readonly unknown[]): Promise<Address> {
    const hash = await admin.deployContract({ abi: build.abi, bytecode: build.bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    return getAddress(receipt.contractAddress!);
  }
  const weth = await fromBuild(WETH9, []);
  const factoryAddress = await fromBuild(UNISWAP_V2_FACTORY, [addressOf(admin)]);
  const routerAddress = await fromBuild(UNISWAP_V2_ROUTER, [factoryAddress, weth]);
  const abi = await zapAbi();
  const zapAddress = getAddress((await hre.viem.deployContract("LoopZap", [routerAddress, system.vault.address])).address);

  const router = bind(uniswapV2RouterAbi, routerAddress, publicClient, admin);
  const factory = bind(uniswapV2FactoryAbi, factoryAddress, publicClient, admin);
  await token.write.mint([addressOf(admin), LOCAL_POOL_LOOP]);
  await token.write.approve([routerAddress, LOCAL_POOL_LOOP]);
  const deadline = (await now(publicClient)) + HOUR;
  await router.write.addLiquidityETH([token.address, LOCAL_POOL_LOOP, LOCAL_POOL_LOOP, LOCAL_POOL_ETH, addressOf(admin), deadline], {
    value: LOCAL_POOL_ETH,
  });
  const pair = bind(uniswapV2PairAbi, await factory.read.getPair([token.address, weth]), publicClient, admin);
  const withExchange = (wallet: WalletClient) => ({
    ...system.as(wallet),
    router: bind(uniswapV2RouterAbi, routerAddress, publicClient, wallet),
    zap: bind(abi, zapAddress, publicClient, wallet),
  });
  return { ...system, weth, factory, router, pair, zap: bind(abi, zapAddress, publicClient, admin), zapAbi: abi, withExchange };
}

type ExchangeSystem = Awaited<ReturnType<typeof exchangeSystem>>;

/** What the pool gives now for `value` wei of ETH (the router's quote). */
async function quote(system: ExchangeSystem, value: bigint): Promise<bigint> {
  const amounts = await system.router.read.getAmountsOut([value, [system.weth, system.token.address]]);
  return amounts[1]!;
}

async function deadlineIn(system: ExchangeSystem, seconds = HOUR) {
  return (await now(system.publicClient)) + seconds;
}

/** ETH the transaction `hash` paid for gas. */
async function gasCost(system: ExchangeSystem, hash: Hash): Promise<bigint> {
  const receipt = await system.publicClient.getTransactionReceipt({ hash });
  return receipt.gasUsed * receipt.effectiveGasPrice;
}

const ethOf = (system: ExchangeSystem, address: Address) => system.publicClient.getBalance({ address });

/**
 * `wallet` lost no ETH since `before` but the gas of its refused call: a reverted transaction mined
 * in the latest block (Hardhat mines a call whose gas was given or estimated), or none at all.
 */
async function expectOnlyGasSpent(system: ExchangeSystem, wallet: WalletClient, before: bigint) {
  const block = await system.publicClient.getBlock({ includeTransactions: true });
  const last = block.transactions.at(-1);
  let gas = 0n;
  if (last && getAddress(last.from) === addressOf(wallet)) {
    const receipt = await system.publicClient.getTransactionReceipt({ hash: last.hash });
    expect(receipt.status).to.equal("reverted");
    gas = receipt.gasUsed * receipt.effectiveGasPrice;
  }
  expect(await ethOf(system, addressOf(wallet))).to.equal(before - gas);
}

/** The zap holds nothing: no ETH, WETH or LOOP, and no allowance to the vault. */
async function expectZapEmpty(system: ExchangeSystem) {
  const { zap, token, vault, weth } = system;
  const wethToken = bind(erc20Abi, weth, system.publicClient, system.admin);
  expect(await ethOf(system, zap.address), "zap ETH").to.equal(0n);
  expect(await wethToken.read.balanceOf([zap.address]), "zap WETH").to.equal(0n);
  expect(await token.read.balanceOf([zap.address]), "zap LOOP").to.equal(0n);
  expect(await token.read.allowance([zap.address, vault.address]), "zap allowance to the vault").to.equal(0n);
}

/** Asserts that `promise` reverts with the revert string `reason` (the router's errors are strings). */
/** A LoopZap in front of the scriptable TestRouter (fixed payouts, reentry) instead of the exchange's, as `wallet` calls it. */
async function zapOnTestRouter(system: ExchangeSystem, wallet: WalletClient) {
  const testRouter = await hre.viem.deployContract("TestRouter", []);
  const zap = bind(
    system.zapAbi,
    (await hre.viem.deployContract("LoopZap", [testRouter.address, system.vault.address])).address,
    system.publicClient,
    wallet,
  );
  return { testRouter, zap };
}

async function expectReason(promise: Promise<unknown>, reason: string) {
  let error: unknown;
  try {
    await promise;
  } catch (caught) {
    error = caught;
  }
  if (error === undefined) expect.fail(`expected a revert with "${reason}", but the call succeeded`);
  const texts: string[] = [];
  for (let cause: unknown = error, depth = 0; cause && depth < 10; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { reason: found, message } = cause as { reason?: unknown; message?: unknown };
    if (typeof found === "string") texts.push(found);
    if (typeof message === "string") texts.push(message);
  }
  expect(texts.join("\n"), "revert reason").to.contain(reason);
}

/** Buys with the zap and checks everything it must do; the deposited amount. */
async function zapAndCheck(system: ExchangeSystem, buyer: WalletClient, value: bigint, minLoopOut: bigint, accountRef: Hex = ref) {
  const { token, vault } = system;
  const buyerAddress = addressOf(buyer);
  const expected = await quote(system, value);
  const [ethBefore, loopBefore, reserveBefore, vaultBalanceBefore] = await Promise.all([
    ethOf(system, buyerAddress),
    token.read.balanceOf([buyerAddress]),
    vault.read.reserve(),
    token.read.balanceOf([vault.address]),
  ]);
  const hash = await system.withExchange(buyer).zap.write.swapEthAndDeposit([accountRef, minLoopOut, await deadlineIn(system)], { value });
  const receipt = await system.publicClient.getTransactionReceipt({ hash });
  const deposited = expected - (expected % WEI_PER_LEDGER_UNIT);
  const remainder = expected - deposited;

  const zapEvents = parseEventLogs({ abi: system.zapAbi, logs: receipt.logs.filter((l) => getAddress(l.address) === system.zap.address) });
  expect(zapEvents.map((e) => [e.eventName, e.args])).to.deep.equal([
    ["SwappedAndDeposited", { buyer: buyerAddress, accountRef, ethIn: value, loopOut: expected, deposited }],
  ]);
  // What the settlement credits: the vault's Deposited for the member's account reference.
  const vaultEvents = parseEventLogs({ abi: system.vaultAbi, logs: receipt.logs.filter((l) => getAddress(l.address) === vault.address) });
  expect(vaultEvents.map((e) => [e.eventName, e.args])).to.deep.equal([
    ["Deposited", { from: system.zap.address, accountRef, amount: deposited }],
  ]);

  expect(await vault.read.reserve()).to.equal(reserveBefore + deposited);
  expect(await token.read.balanceOf([vault.address])).to.equal(vaultBalanceBefore + deposited);
  expect(await token.read.balanceOf([buyerAddress]), "the remainder below a ledger unit goes back to the buyer").to.equal(
    loopBefore + remainder,
  );
  expect(remainder < WEI_PER_LEDGER_UNIT).to.equal(true);
  expect(await ethOf(system, buyerAddress)).to.equal(ethBefore - value - receipt.gasUsed * receipt.effectiveGasPrice);
  await expectZapEmpty(system);
  return { deposited, remainder, hash };
}

describe("LoopZap", () => {
  describe("Uniswap V2 from its packages' builds", () => {
    it("the router's pair init-code hash is the factory build's pair, and the pair sits where the router computes it", async () => {
      const { factory, pair, token, weth } = await loadFixture(exchangeSystem);
      expect(keccak256(UNISWAP_V2_PAIR.bytecode)).to.equal(ROUTER_PAIR_INIT_CODE_HASH);
      // UniswapV2Library.pairFor: CREATE2 by the factory, salt keccak256(token0, token1), the hash above.
      const [token0, token1] = BigInt(token.address) < BigInt(weth) ? [token.address, weth] : [weth, token.address];
      const computed = getContractAddress({
        opcode: "CREATE2",
        from: factory.address,
        salt: keccak256(encodePacked(["address", "address"], [token0, token1])),
        bytecodeHash: ROUTER_PAIR_INIT_CODE_HASH,
      });
      expect(pair.address).to.equal(computed);
      expect(await pair.read.token0()).to.equal(getAddress(token0));
    });

    it("seeds the pool at the platform's rate (500 LOOP = $1, ETH at $3,000)", async () => {
      const { pair, token } = await loadFixture(exchangeSystem);
      const [reserve0, reserve1] = await pair.read.getReserves();
      const loopIsToken0 = getAddress(await pair.read.token0()) === token.address;
      const [loopReserve, ethReserve] = loopIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0];
      expect(loopReserve).to.equal(LOCAL_POOL_LOOP);
      expect(ethReserve).to.equal(LOCAL_POOL_ETH);
      expect(LOCAL_POOL_LOOP / LOCAL_POOL_ETH).to.equal(1_500_000n);
    });

    it("a plain swap through the router pays the member's wallet what the router quoted", async () => {
      const system = await loadFixture(exchangeSystem);
      const { buyer, token, weth } = system;
      const value = parseEther("0.01");
      const expected = await quote(system, value);
      // 15,000 LOOP at the pool's price, less its 0.3% fee and the price moving (0.01 ETH into 2 ETH: about 0.5%).
      expect(expected > 14_800n * LOOP && expected < 14_900n * LOOP, `${expected}`).to.equal(true);
      const before = await token.read.balanceOf([addressOf(buyer)]);
      await system
        .withExchange(buyer)
        .router.write.swapExactETHForTokens([expected, [weth, token.address], addressOf(buyer), await deadlineIn(system)], { value });
      expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(before + expected);
    });

    it("buying 1,000 LOOP moves the price visibly, far less than 5%", async () => {
      const system = await loadFixture(exchangeSystem);
      const { buyer, token, weth } = system;
      const [ethIn] = await system.router.read.getAmountsIn([1_000n * LOOP, [weth, token.address]]);
      const spotBefore = await quote(system, parseEther("0.000001"));
      await system
        .withExchange(buyer)
        .router.write.swapETHForExactTokens([1_000n * LOOP, [weth, token.address], addressOf(buyer), await deadlineIn(system)], {
          value: ethIn!,
        });
      const spotAfter = await quote(system, parseEther("0.000001"));
      const movedBps = ((spotBefore - spotAfter) * BPS) / spotBefore;
      expect(movedBps >= 5n && movedBps < 50n, `moved ${movedBps} bps`).to.equal(true);
    });
  });

  describe("deployment", () => {
    it("knows its router, vault, token, wrapped coin and the vault's ledger unit", async () => {
      const { zap, router, vault, token, weth } = await loadFixture(exchangeSystem);
      expect(await zap.read.router()).to.equal(router.address);
      expect(await zap.read.vault()).to.equal(vault.address);
      expect(await zap.read.token()).to.equal(token.address);
      expect(await zap.read.weth()).to.equal(weth);
      expect(await zap.read.ledgerUnit()).to.equal(WEI_PER_LEDGER_UNIT);
    });

    it("refuses a zero router or vault", async () => {
      const { router, vault } = await loadFixture(exchangeSystem);
      await expectRevert(hre.viem.deployContract("LoopZap", [ZERO_ADDRESS, vault.address]), "ZeroAddress");
      await expectRevert(hre.viem.deployContract("LoopZap", [router.address, ZERO_ADDRESS]), "ZeroAddress");
    });
  });

  describe("swapEthAndDeposit", () => {
    it("deposits what the pool gave for the member's account reference, in one transaction", async () => {
      const system = await loadFixture(exchangeSystem);
      const value = parseEther("0.05");
      const { deposited, remainder } = await zapAndCheck(system, system.buyer, value, await quote(system, value));
      expect(deposited > 70_000n * LOOP).to.equal(true);
      expect(remainder > 0n).to.equal(true);
    });

    it("deposits for any account reference, from any wallet, again and again", async () => {
      const system = await loadFixture(exchangeSystem);
      await zapAndCheck(system, system.buyer, parseEther("0.001"), 0n, id("account-a"));
      await zapAndCheck(system, system.other, parseEther("0.002"), 0n, id("account-b"));
      await zapAndCheck(system, system.buyer, parseEther("0.003"), 0n, id("account-b"));
    });

    it("deposits all of a whole number of ledger units (nothing goes back)", async () => {
      const system = await loadFixture(exchangeSystem);
      const { buyer, token, vault, admin } = system;
      const { testRouter, zap } = await zapOnTestRouter(system, buyer);
      const output = 1_234n * LOOP + 5n * WEI_PER_LEDGER_UNIT;
      await token.write.mint([testRouter.address, output], { account: admin.account });
      await testRouter.write.setPayout([token.address, output]);
      const before = await token.read.balanceOf([addressOf(buyer)]);
      await zap.write.swapEthAndDeposit([ref, output, await deadlineIn(system)], { value: 1n });
      expect(await vault.read.reserve()).to.equal(output);
      expect(await token.read.balanceOf([addressOf(buyer)])).to.equal(before);
      expect(await token.read.balanceOf([zap.address])).to.equal(0n);
      expect(await token.read.allowance([zap.address, vault.address])).to.equal(0n);
    });

    it("refuses a call without ETH or without an account reference", async () => {
      const system = await loadFixture(exchangeSystem);
      const zap = system.withExchange(system.buyer).zap;
      await expectRevert(zap.write.swapEthAndDeposit([ref, 0n, await deadlineIn(system)]), "ZeroAmount");
      await expectRevert(
        zap.write.swapEthAndDeposit(["0x0000000000000000000000000000000000000000000000000000000000000000", 0n, await deadlineIn(system)], {
          value: parseEther("0.01"),
        }),
        "ZeroAccountRef",
      );
      await expectZapEmpty(system);
    });

    it("refuses a swap that gives less than one ledger unit", async () => {
      const system = await loadFixture(exchangeSystem);
      const value = 1_000n; // wei of ETH: about 1.5 × 10^9 wei of LOOP, less than 10^10
      const out = await quote(system, value);
      expect(out > 0n && out < WEI_PER_LEDGER_UNIT).to.equal(true);
      await expectRevert(
        system.withExchange(system.buyer).zap.write.swapEthAndDeposit([ref, 0n, await deadlineIn(system)], { value }),
        "DepositTooSmall",
        [out],
      );
      await expectZapEmpty(system);
    });

    it("slippage: a bound above what the pool gives reverts with the router's error, and nothing is spent", async () => {
      const system = await loadFixture(exchangeSystem);
      const { buyer, vault } = system;
      const value = parseEther("0.02");
      const expected = await quote(system, value);
      const ethBefore = await ethOf(system, addressOf(buyer));
      await expectReason(
        system.withExchange(buyer).zap.write.swapEthAndDeposit([ref, expected + 1n, await deadlineIn(system)], { value }),
        "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT",
      );
      await expectOnlyGasSpent(system, buyer, ethBefore);
      expect(await vault.read.reserve()).to.equal(0n);
      await expectZapEmpty(system);
      // The quoted amount itself is accepted.
      await zapAndCheck(system, buyer, value, expected);
    });

    it("expiry: a deadline that has passed reverts with the router's error", async () => {
      const system = await loadFixture(exchangeSystem);
      const deadline = await deadlineIn(system, 60n);
      await time.increaseTo(deadline + 1n);
      await expectReason(
        system.withExchange(system.buyer).zap.write.swapEthAndDeposit([ref, 0n, deadline], { value: parseEther("0.01") }),
        "UniswapV2Router: EXPIRED",
      );
      expect(await system.vault.read.reserve()).to.equal(0n);
      await expectZapEmpty(system);
    });

    it("a front-run in the same block that moves the price below the member's bound reverts the member's call; the member keeps the ETH", async () => {
      const system = await loadFixture(exchangeSystem);
      const { buyer, other, token, vault, weth, publicClient } = system;
      const value = parseEther("0.05");
      const minLoopOut = ((await quote(system, value)) * (BPS - 50n)) / BPS; // 0.5% slippage allowed
      const deadline = await deadlineIn(system);
      const ethBefore = await ethOf(system, addressOf(buyer));
      const block = await publicClient.getBlock();
      const fees = (tip: bigint) => ({ maxPriorityFeePerGas: tip, maxFeePerGas: block.baseFeePerGas! * 2n + tip, gas: 400_000n });

      await hre.network.provider.send("evm_setAutomine", [false]);
      let memberHash: Hash;
      let attackerHash: Hash;
      try {
        // The member's call first, then the front-runner's swap paying a higher tip: mined before it.
        memberHash = await system
          .withExchange(buyer)
          .zap.write.swapEthAndDeposit([ref, minLoopOut, deadline], { value, ...fees(1_000_000_000n) });
        attackerHash = await system
          .withExchange(other)
          .router.write.swapExactETHForTokens([0n, [weth, token.address], addressOf(other), deadline], {
            value: parseEther("0.2"),
            ...fees(50_000_000_000n),
          });
        await hre.network.provider.send("evm_mine");
      } finally {
        await hre.network.provider.send("evm_setAutomine", [true]);
      }
      const [memberReceipt, attackerReceipt] = await Promise.all([
        publicClient.getTransactionReceipt({ hash: memberHash }),
        publicClient.getTransactionReceipt({ hash: attackerHash }),
      ]);
      expect(memberReceipt.blockNumber).to.equal(attackerReceipt.blockNumber);
      expect(attackerReceipt.transactionIndex).to.equal(0);
      expect(attackerReceipt.status).to.equal("success");
      expect(memberReceipt.status).to.equal("reverted");
      expect(await ethOf(system, addressOf(buyer))).to.equal(ethBefore - (await gasCost(system, memberHash)));
      expect(await vault.read.reserve()).to.equal(0n);
      await expectZapEmpty(system);
    });

    it("a front-run before the member's call: the same call is refused with the router's error", async () => {
      const system = await loadFixture(exchangeSystem);
      const { buyer, other, token, weth } = system;
      const value = parseEther("0.05");
      const minLoopOut = ((await quote(system, value)) * (BPS - 50n)) / BPS;
      await system
        .withExchange(other)
        .router.write.swapExactETHForTokens([0n, [weth, token.address], addressOf(other), await deadlineIn(system)], {
          value: parseEther("0.2"),
        });
      expect((await quote(system, value)) < minLoopOut).to.equal(true);
      await expectReason(
        system.withExchange(buyer).zap.write.swapEthAndDeposit([ref, minLoopOut, await deadlineIn(system)], { value }),
        "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT",
      );
      await expectZapEmpty(system);
    });

    it("a paused vault reverts the whole call; the member keeps the ETH", async () => {
      const system = await loadFixture(exchangeSystem);
      const { buyer, vault, token, pair } = system;
      await vault.write.pause();
      const pairLoopBefore = await token.read.balanceOf([pair.address]);
      const ethBefore = await ethOf(system, addressOf(buyer));
      await expectRevert(
        system.withExchange(buyer).zap.write.swapEthAndDeposit([ref, 0n, await deadlineIn(system)], { value: parseEther("0.01") }),
        "EnforcedPause",
      );
      await expectOnlyGasSpent(system, buyer, ethBefore);
      expect(await token.read.balanceOf([pair.address])).to.equal(pairLoopBefore);
      await expectZapEmpty(system);
    });

    it("refuses ETH sent to it directly", async () => {
      const system = await loadFixture(exchangeSystem);
      let refused = false;
      try {
        await system.buyer.sendTransaction({ to: system.zap.address, value: parseEther("1") });
      } catch {
        refused = true;
      }
      expect(refused).to.equal(true);
      await expectZapEmpty(system);
    });

    it("refuses reentry (a router that calls back into the zap)", async () => {
      const system = await loadFixture(exchangeSystem);
      const { testRouter, zap } = await zapOnTestRouter(system, system.buyer);
      const deadline = await deadlineIn(system);
      await testRouter.write.arm([
        zap.address,
        encodeFunctionData({ abi: system.zapAbi, functionName: "swapEthAndDeposit", args: [ref, 0n, deadline] }),
      ]);
      await expectRevert(zap.write.swapEthAndDeposit([ref, 0n, deadline], { value: 1n }), "ReentrancyGuardReentrantCall");
    });
  });

  describe("property: random amounts and bounds", () => {
    it(`deposits exactly what the pool gives, or reverts with the right error, and holds nothing (${FUZZ_RUNS} runs)`, async () => {
      const value = fc.oneof(
        { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 20_000n }) }, // below or about one ledger unit of LOOP
        { weight: 6, arbitrary: fc.bigInt({ min: 20_000n, max: parseEther("0.1") }) },
        { weight: 2, arbitrary: fc.bigInt({ min: parseEther("0.1"), max: parseEther("3") }) }, // moves the price a lot
      );
      // The bound: the quote less or plus up to 2%, exactly the quote, or one wei above it.
      const bound = fc.oneof(
        fc.integer({ min: -200, max: 200 }).map((bps) => ({ kind: "bps" as const, bps })),
        fc.constantFrom({ kind: "exact" as const, bps: 0 }, { kind: "plusOne" as const, bps: 0 }),
      );
      const buyerIndex = fc.integer({ min: 1, max: 4 });
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(value, bound, buyerIndex), { minLength: 1, maxLength: 4 }), async (calls) => {
          const system = await loadFixture(exchangeSystem);
          for (const [amount, { kind, bps }, index] of calls) {
            const buyer = system.wallets[index]!;
            const expected = await quote(system, amount);
            const minLoopOut = kind === "exact" ? expected : kind === "plusOne" ? expected + 1n : (expected * (BPS + BigInt(bps))) / BPS;
            const reserveBefore = await system.vault.read.reserve();
            const call = async () =>
              system.withExchange(buyer).zap.write.swapEthAndDeposit([ref, minLoopOut, await deadlineIn(system)], { value: amount });
            if (minLoopOut > expected) {
              await expectReason(call(), "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT");
              expect(await system.vault.read.reserve()).to.equal(reserveBefore);
            } else if (expected < WEI_PER_LEDGER_UNIT) {
              await expectRevert(call(), "DepositTooSmall", [expected]);
              expect(await system.vault.read.reserve()).to.equal(reserveBefore);
            } else {
              const { deposited, remainder } = await zapAndCheck(system, buyer, amount, minLoopOut);
              expect(deposited + remainder).to.equal(expected);
              expect(deposited % WEI_PER_LEDGER_UNIT).to.equal(0n);
            }
            await expectZapEmpty(system);
          }
        }),
        { numRuns: FUZZ_RUNS },
      );
    });
  });
});
