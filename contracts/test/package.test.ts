// What the package shares with the API, the web app and the indexer: the generated ABIs (not stale),
// the EIP-712 quote definition, the manifest reader; and the deployment (plan, configuration, run).
import { reset } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import hre from "hardhat";
import { getAddress, parseEther } from "viem";
import { abis, exchangeAbis, loopZapAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from "../generated/abis.mjs";
import { staleFiles } from "../scripts/generate-abis.mjs";
import { localAccounts } from "../local-accounts.mjs";
import {
  CONTRACT_NAMES,
  COMMITTED_DEPLOYMENTS_DIR,
  REPO_ROOT,
  deployedAddresses,
  deploymentsDir,
  readManifest,
  requireContract,
} from "../manifest.mjs";
import { QUOTE_TYPE, quoteTypes } from "../quote.mjs";
import { LOCAL_POOL_ETH, LOCAL_POOL_LOOP, configurationCalls, resolveConfig, resolveExchange, roleHash } from "../scripts/deploy-plan";
import { deploy } from "../scripts/deployer";
import { UNISWAP_V2_FACTORY, UNISWAP_V2_PAIR, UNISWAP_V2_ROUTER } from "../scripts/uniswap-v2";
import { WEI_PER_LEDGER_UNIT, abiOf, bind, id, role } from "./helpers";

const A = "0x1111111111111111111111111111111111111111" as const;
const B = "0x2222222222222222222222222222222222222222" as const;
const C = "0x3333333333333333333333333333333333333333" as const;
const DEPLOYER = getAddress(localAccounts.roles.deployer.address);
/** The exchange's addresses on a fresh local chain (contracts/README.md). */
const LOCAL_EXCHANGE_ADDRESSES = {
  WETH9: "0x3Aa5ebB10DC797CAC828524e59A333d0A371443c",
  UniswapV2Factory: "0xc6e7DF5E7b4f2A278906862b61205850344D4e7d",
  UniswapV2Router02: "0x59b670e9fA9D0A427751Af201D676719a970857b",
  LoopZap: "0x4ed7c70F96B99c776995fB64377f0d4aB3B0e1C1",
  pair: "0x4af95dDa681048c894ACf97aa1F3a700b2D073Dd",
};

describe("package", () => {
  describe("generated ABIs", () => {
    it("match the compiled artifacts (run `pnpm --filter @loop/contracts compile` if not)", async () => {
      expect(staleFiles(hre.config.paths.artifacts).map((f: string) => path.basename(f))).to.deep.equal([]);
    });

    it("export every contract of a deployment by its manifest name", async () => {
      expect(Object.keys(abis).sort()).to.deep.equal([...CONTRACT_NAMES, "LoopZap"].sort());
      expect(abis.LoopMarketplace).to.deep.equal(await abiOf("LoopMarketplace"));
      expect(abis.LoopZap).to.deep.equal((await hre.artifacts.readArtifact("LoopZap")).abi);
    });

    it("export the exchange's router, factory and pair ABIs as Uniswap V2's packages build them", () => {
      expect(exchangeAbis).to.deep.equal({
        UniswapV2Router02: UNISWAP_V2_ROUTER.abi,
        UniswapV2Factory: UNISWAP_V2_FACTORY.abi,
        UniswapV2Pair: UNISWAP_V2_PAIR.abi,
      });
    });
  });

  describe("quote", () => {
    it("QUOTE_TYPE is the encoding of quoteTypes", () => {
      expect(QUOTE_TYPE).to.equal(`Quote(${quoteTypes.Quote.map((f) => `${f.type} ${f.name}`).join(",")})`);
    });
  });

  describe("manifest reader", () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), "loop-manifest-"));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const entry = (address: string) => ({ contract: "X", address, blockNumber: 3, transactionHash: `0x${"ab".repeat(32)}` });

    it("reads <dir>/<chainId>.json, undefined when missing", () => {
      writeFileSync(
        path.join(dir, "7.json"),
        JSON.stringify({ chainId: 7, contracts: { LoopToken: entry(A), LoopVault: entry(B), LoopMarketplace: entry(C) } }),
      );
      const manifest = readManifest(7, { dir });
      expect(manifest?.contracts.LoopToken?.address).to.equal(A);
      expect(deployedAddresses(manifest)).to.deep.equal({ LoopToken: A, LoopVault: B, LoopMarketplace: C });
      expect(requireContract(manifest!, "LoopVault").blockNumber).to.equal(3);
      expect(readManifest(8, { dir })).to.equal(undefined);
    });

    it("refuses a manifest of another chain, or a malformed one", () => {
      writeFileSync(path.join(dir, "7.json"), JSON.stringify({ chainId: 8, contracts: {} }));
      expect(() => readManifest(7, { dir })).to.throw(/chainId 8 does not match/);
      writeFileSync(path.join(dir, "7.json"), JSON.stringify({ chainId: 7, contracts: { LoopToken: entry("0x12") } }));
      expect(() => readManifest(7, { dir })).to.throw(/LoopToken.address is not an address/);
      writeFileSync(path.join(dir, "7.json"), "{");
      expect(() => readManifest(7, { dir })).to.throw(/not JSON/);
    });

    it("names what a partial deployment lacks", () => {
      writeFileSync(path.join(dir, "7.json"), JSON.stringify({ chainId: 7, contracts: { LoopToken: entry(A) } }));
      const manifest = readManifest(7, { dir })!;
      expect(deployedAddresses(manifest)).to.equal(undefined);
      expect(() => requireContract(manifest, "LoopVault")).to.throw(/LoopVault is not deployed/);
    });

    it("checks the exchange's addresses when there is one", () => {
      const exchange = { name: "Uniswap V2", router: A, factory: B, wrappedNative: C, pair: { address: A, blockNumber: 9 } };
      const write = (value: unknown) =>
        writeFileSync(path.join(dir, "7.json"), JSON.stringify({ chainId: 7, contracts: { LoopToken: entry(A) }, exchange: value }));
      write(exchange);
      expect(readManifest(7, { dir })?.exchange).to.deep.equal(exchange);
      write({ ...exchange, router: "0x12" });
      expect(() => readManifest(7, { dir })).to.throw(/exchange.router is not an address/);
      write({ ...exchange, pair: { address: A } });
      expect(() => readManifest(7, { dir })).to.throw(/exchange.pair.blockNumber is not a block number/);
      write({ ...exchange, pair: null });
      expect(() => readManifest(7, { dir })).to.throw(/exchange.pair.address is not an address/);
      write("uniswap");
      expect(() => readManifest(7, { dir })).to.throw(/exchange is not an object/);
    });

    it("reads DEPLOYMENTS_DIR relative to the repository root, else contracts/deployments", () => {
      expect(deploymentsDir({ DEPLOYMENTS_DIR: ".data/deployments" })).to.equal(path.join(REPO_ROOT, ".data", "deployments"));
      expect(deploymentsDir({})).to.equal(COMMITTED_DEPLOYMENTS_DIR);
    });
  });

  describe("deploy configuration", () => {
    it("defaults every role on the local chain to the well-known accounts", () => {
      const config = resolveConfig(31337, DEPLOYER, {});
      expect(config.roles).to.deep.equal({
        admin: DEPLOYER,
        quoteSigner: getAddress(localAccounts.roles.quoteSigner.address),
        operator: getAddress(localAccounts.roles.operator.address),
        arbiter: getAddress(localAccounts.roles.arbiter.address),
        settings: getAddress(localAccounts.roles.operator.address),
        minters: [DEPLOYER, getAddress(localAccounts.roles.operator.address)],
      });
      expect(config.disputeWindowSeconds).to.equal(0);
      expect(config.payoutLimit).to.equal(parseEther("100000"));
      expect(config.fund?.addresses).to.have.length(5);
      expect(config.fund?.amount).to.equal(parseEther("1000000"));
      expect(config.vaultReserve).to.equal(parseEther("1000000"));
    });

    it("takes the payout limit (PAYOUT_LIMIT_LOOP) and, on the local chain only, the vault's reserve (VAULT_RESERVE_LOOP)", () => {
      const config = resolveConfig(31337, DEPLOYER, { PAYOUT_LIMIT_LOOP: "2500", VAULT_RESERVE_LOOP: "0" });
      expect(config.payoutLimit).to.equal(parseEther("2500"));
      expect(config.vaultReserve).to.equal(0n);
      const remote = {
        QUOTE_SIGNER_ADDRESS: A,
        OPERATOR_ADDRESS: B,
        ARBITER_ADDRESS: C,
        DISPUTE_WINDOW_SECONDS: "0",
        PAYOUT_LIMIT_LOOP: "50000",
      };
      expect(resolveConfig(56, DEPLOYER, remote).payoutLimit).to.equal(parseEther("50000"));
      expect(() => resolveConfig(56, DEPLOYER, { ...remote, VAULT_RESERVE_LOOP: "10" })).to.throw(
        /VAULT_RESERVE_LOOP is for the local chain 31337 only/,
      );
    });

    it("requires the quote signer, operator, arbiter and dispute window on any other chain", () => {
      expect(() => resolveConfig(97, DEPLOYER, {})).to.throw(
        "needs QUOTE_SIGNER_ADDRESS or QUOTE_SIGNER_PRIVATE_KEY, OPERATOR_ADDRESS or OPERATOR_PRIVATE_KEY, ARBITER_ADDRESS, DISPUTE_WINDOW_SECONDS, PAYOUT_LIMIT_LOOP",
      );
      const config = resolveConfig(56, DEPLOYER, {
        QUOTE_SIGNER_PRIVATE_KEY: localAccounts.roles.quoteSigner.privateKey.slice(2),
        OPERATOR_ADDRESS: B.toLowerCase(),
        ARBITER_ADDRESS: C,
        DISPUTE_WINDOW_SECONDS: "86400",
        PAYOUT_LIMIT_LOOP: "250000",
        ADMIN_ADDRESS: A,
        TREASURY_ADDRESS: B,
      });
      expect(config.roles).to.deep.equal({
        admin: A,
        quoteSigner: getAddress(localAccounts.roles.quoteSigner.address),
        operator: B,
        arbiter: C,
        settings: B,
        minters: [B],
      });
      expect(resolveConfig(31337, DEPLOYER, { SETTINGS_ADDRESS: A.toLowerCase() }).roles.settings).to.equal(A);
      expect(config.disputeWindowSeconds).to.equal(86400);
      expect(config.payoutLimit).to.equal(parseEther("250000"));
      expect(config.fund).to.equal(null);
      expect(config.vaultReserve).to.equal(0n);
    });

    it("knows the exchange of each chain: Uniswap V2 locally, PancakeSwap V2 on BSC, Uniswap V2 on Ethereum, else UNISWAP_V2_ROUTER_ADDRESS", () => {
      expect(resolveExchange(31337, {})).to.deep.equal({ source: "local", name: "Uniswap V2 (local)" });
      expect(resolveExchange(56, {})).to.deep.equal({
        source: "existing",
        name: "PancakeSwap V2",
        router: "0x10ED43C718714eb63d5aA57B78B54704E256024E",
        factory: "0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73",
        wrappedNative: "0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c",
      });
      expect(resolveExchange(1, {})).to.deep.equal({
        source: "existing",
        name: "Uniswap V2",
        router: "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D",
        factory: "0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f",
        wrappedNative: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
      });
      expect(resolveExchange(97, {})).to.equal(null);
      expect(resolveExchange(31337, { UNISWAP_V2_ROUTER_ADDRESS: B })).to.deep.include({ source: "existing", router: B });
      expect(
        resolveExchange(97, { UNISWAP_V2_ROUTER_ADDRESS: A.toLowerCase(), UNISWAP_V2_NAME: "PancakeSwap V2 (testnet)" }),
      ).to.deep.equal({
        source: "existing",
        name: "PancakeSwap V2 (testnet)",
        router: A,
        factory: null,
        wrappedNative: null,
      });
      expect(() => resolveExchange(97, { UNISWAP_V2_ROUTER_ADDRESS: "0x12" })).to.throw(/UNISWAP_V2_ROUTER_ADDRESS is not an address/);
      expect(resolveConfig(31337, DEPLOYER, {}).exchange?.source).to.equal("local");
    });

    it("refuses malformed values", () => {
      expect(() => resolveConfig(31337, DEPLOYER, { DISPUTE_WINDOW_SECONDS: "1h" })).to.throw(/DISPUTE_WINDOW_SECONDS/);
      expect(() => resolveConfig(31337, DEPLOYER, { DISPUTE_WINDOW_SECONDS: String(31 * 86400) })).to.throw(/DISPUTE_WINDOW_SECONDS/);
      expect(() => resolveConfig(31337, DEPLOYER, { ARBITER_ADDRESS: "0x123" })).to.throw(/ARBITER_ADDRESS is not an address/);
      expect(() => resolveConfig(31337, DEPLOYER, { OPERATOR_PRIVATE_KEY: "0x1234" })).to.throw(
        /OPERATOR_PRIVATE_KEY is not a 32-byte hex private key/,
      );
      for (const bad of ["1.5", "-1", "1e6", "lots"]) {
        expect(() => resolveConfig(31337, DEPLOYER, { PAYOUT_LIMIT_LOOP: bad })).to.throw(
          /PAYOUT_LIMIT_LOOP must be a whole number of LOOP/,
        );
        expect(() => resolveConfig(31337, DEPLOYER, { VAULT_RESERVE_LOOP: bad })).to.throw(
          /VAULT_RESERVE_LOOP must be a whole number of LOOP/,
        );
      }
    });

    it("hands the admin role over (grant, then renounce) when ADMIN_ADDRESS is not the deployer", () => {
      const config = resolveConfig(56, DEPLOYER, {
        QUOTE_SIGNER_ADDRESS: A,
        OPERATOR_ADDRESS: B,
        ARBITER_ADDRESS: C,
        DISPUTE_WINDOW_SECONDS: "0",
        PAYOUT_LIMIT_LOOP: "1000",
        ADMIN_ADDRESS: A,
      });
      const deployed = Object.fromEntries(
        CONTRACT_NAMES.map((name) => [
          name,
          { contract: name, address: A, blockNumber: 1, transactionHash: `0x${"00".repeat(32)}` as const },
        ]),
      );
      const calls = configurationCalls({ chainId: 56, deployer: DEPLOYER, deployed, config });
      const last = calls.slice(-6).map((c) => [c.contract, c.functionName, c.args]);
      expect(last).to.deep.equal(
        ["LoopToken", "LoopVault", "LoopMarketplace"].flatMap((name) => [
          [name, "grantRole", [roleHash("DEFAULT_ADMIN_ROLE"), A]],
          [name, "renounceRole", [roleHash("DEFAULT_ADMIN_ROLE"), DEPLOYER]],
        ]),
      );
      expect(calls.some((c) => c.functionName === "mint")).to.equal(false);
    });
  });

  describe("deployment on a fresh local chain", () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(path.join(tmpdir(), "loop-deploy-"));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it("deploys at the fixed addresses, grants the roles, funds the test accounts and writes the manifest", async () => {
      await reset(); // a fresh chain, as `pnpm dev` has (fixtures of other tests are redeployed after this)
      const lines: string[] = [];
      const { manifest, file } = await deploy({
        provider: hre.network.provider,
        artifacts: hre.artifacts,
        deploymentsDir: dir,
        env: {},
        log: (l) => lines.push(l),
      });
      expect(file).to.equal(path.join(dir, "31337.json"));
      expect(readManifest(31337, { dir })).to.deep.equal(JSON.parse(readFileSync(file, "utf8")));
      expect(deployedAddresses(manifest)).to.deep.equal({
        LoopToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        LoopVault: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
        LoopMarketplace: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
      });
      expect(lines.join("\n")).to.contain("LoopMarketplace  0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0");

      const publicClient = await hre.viem.getPublicClient();
      const [wallet] = await hre.viem.getWalletClients();
      const token = bind(await abiOf("LoopToken"), manifest.contracts.LoopToken!.address, publicClient, wallet!);
      const vault = bind(await abiOf("LoopVault"), manifest.contracts.LoopVault!.address, publicClient, wallet!);
      const marketplace = bind(await abiOf("LoopMarketplace"), manifest.contracts.LoopMarketplace!.address, publicClient, wallet!);
      const { roles } = localAccounts;
      expect(await marketplace.read.hasRole([role("QUOTE_SIGNER_ROLE"), roles.quoteSigner.address as `0x${string}`])).to.equal(true);
      expect(await marketplace.read.hasRole([role("OPERATOR_ROLE"), roles.operator.address as `0x${string}`])).to.equal(true);
      expect(await marketplace.read.hasRole([role("ARBITER_ROLE"), roles.arbiter.address as `0x${string}`])).to.equal(true);
      expect(await marketplace.read.hasRole([role("SETTINGS_ROLE"), roles.operator.address as `0x${string}`])).to.equal(true);
      expect(await vault.read.hasRole([role("OPERATOR_ROLE"), roles.operator.address as `0x${string}`])).to.equal(true);
      expect(await vault.read.hasRole([role("MARKETPLACE_ROLE"), marketplace.address])).to.equal(true);
      expect(await vault.read.payoutLimit()).to.equal(parseEther(localAccounts.payoutLimitLoop));
      expect(await token.read.hasRole([role("MINTER_ROLE"), roles.operator.address as `0x${string}`])).to.equal(true);
      expect(await token.read.hasRole([role("MINTER_ROLE"), DEPLOYER])).to.equal(true);
      expect(await marketplace.read.disputeWindow()).to.equal(0n);
      for (const account of localAccounts.funded.addresses) {
        expect(await token.read.balanceOf([account as `0x${string}`])).to.equal(parseEther("1000000"));
      }
      expect(await vault.read.reserve()).to.equal(parseEther("1000000"));
      expect(manifest.roles?.quoteSigner).to.equal(getAddress(roles.quoteSigner.address));
      expect(manifest.disputeWindowSeconds).to.equal(0);
      expect(manifest.payoutLimitLoop).to.equal("100000");
      expect(lines.join("\n")).to.contain("LoopVault.MARKETPLACE_ROLE → LoopMarketplace 0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0");

      // The exchange: Uniswap V2 from its builds, LoopZap, and the LOOP/WETH pool at 500 LOOP = $1 (ETH at $3,000).
      const { exchange } = manifest;
      const deployedExchange = exchange?.deployed;
      expect(exchange?.name).to.equal("Uniswap V2 (local)");
      expect(deployedExchange?.WETH9?.address).to.equal(exchange?.wrappedNative);
      expect(deployedExchange?.UniswapV2Factory?.address).to.equal(exchange?.factory);
      expect(deployedExchange?.UniswapV2Router02?.address).to.equal(exchange?.router);
      expect(exchange?.seed).to.deep.equal({ ethUsd: 3000, eth: "2", loop: "3000000" });
      expect({
        WETH9: exchange?.wrappedNative,
        UniswapV2Factory: exchange?.factory,
        UniswapV2Router02: exchange?.router,
        LoopZap: manifest.contracts.LoopZap?.address,
        pair: exchange?.pair.address,
      }).to.deep.equal(LOCAL_EXCHANGE_ADDRESSES);
      const router = bind(uniswapV2RouterAbi, exchange!.router, publicClient, wallet!);
      const pair = bind(uniswapV2PairAbi, exchange!.pair.address, publicClient, wallet!);
      expect(exchange!.pair.blockNumber).to.be.greaterThan(manifest.contracts.LoopZap!.blockNumber);
      const [reserve0, reserve1] = await pair.read.getReserves();
      const loopFirst = getAddress(await pair.read.token0()) === token.address;
      expect(loopFirst ? [reserve0, reserve1] : [reserve1, reserve0]).to.deep.equal([LOCAL_POOL_LOOP, LOCAL_POOL_ETH]);
      expect(await token.read.balanceOf([DEPLOYER])).to.equal(parseEther("1000000"));

      // A member buys through the deployed zap: the vault credits their account reference.
      const member = (await hre.viem.getWalletClients())[1]!;
      const zap = bind(loopZapAbi, manifest.contracts.LoopZap!.address, publicClient, member);
      const value = parseEther("0.001");
      const [, out] = await router.read.getAmountsOut([value, [exchange!.wrappedNative, token.address]]);
      const reserve = await vault.read.reserve();
      const { timestamp } = await publicClient.getBlock();
      await zap.write.swapEthAndDeposit([id("member"), out!, timestamp + 600n], { value });
      expect(await vault.read.reserve()).to.equal(reserve + out! - (out! % WEI_PER_LEDGER_UNIT));
    });

    it("uses an existing router when told (UNISWAP_V2_ROUTER_ADDRESS): reads its factory and WETH, creates the pair, seeds nothing", async () => {
      const first = readManifest(31337, { dir })!;
      const { manifest } = await deploy({
        provider: hre.network.provider,
        artifacts: hre.artifacts,
        deploymentsDir: path.join(dir, "again"),
        env: { UNISWAP_V2_ROUTER_ADDRESS: first.exchange!.router, UNISWAP_V2_NAME: "Uniswap V2 (existing)" },
        log: () => {},
      });
      const { exchange } = manifest;
      expect(exchange).to.deep.include({
        name: "Uniswap V2 (existing)",
        router: first.exchange!.router,
        factory: first.exchange!.factory,
        wrappedNative: first.exchange!.wrappedNative,
      });
      expect(exchange?.deployed).to.equal(undefined);
      expect(exchange?.seed).to.equal(undefined);
      expect(manifest.contracts.LoopZap?.address).to.not.equal(first.contracts.LoopZap?.address);
      expect(exchange?.pair.address).to.not.equal(first.exchange!.pair.address);
      const publicClient = await hre.viem.getPublicClient();
      const [wallet] = await hre.viem.getWalletClients();
      const pair = bind(uniswapV2PairAbi, exchange!.pair.address, publicClient, wallet!);
      expect(await pair.read.getReserves()).to.deep.equal([0n, 0n, 0]);
      const zap = bind(loopZapAbi, manifest.contracts.LoopZap!.address, publicClient, wallet!);
      expect(await zap.read.router()).to.equal(first.exchange!.router);
      expect(await zap.read.vault()).to.equal(manifest.contracts.LoopVault!.address);
    });
  });
});
