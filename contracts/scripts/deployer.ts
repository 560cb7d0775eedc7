// Deploys DEPLOY_PLAN (deploy-plan.ts), applies its configuration (roles; test funds on the local
// chain), then the exchange part (LoopZap against the chain's Uniswap-V2-compatible router, the
// LOOP pair; on the local chain Uniswap V2 itself and a seeded pool), and writes
// <DEPLOYMENTS_DIR or contracts/deployments>/<chainId>.json. Called by deploy.ts (the Hardhat
// script) and by the tests.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Artifacts, EIP1193Provider } from "hardhat/types";
import {
  createPublicClient,
  createWalletClient,
  custom,
  formatEther,
  getAddress,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import type { DeployedExchange } from "../manifest.mjs";
import {
  DEPLOY_PLAN,
  LOCAL_CHAIN_ID,
  LOCAL_ETH_PRICE_USD,
  LOCAL_POOL_ETH,
  LOCAL_POOL_LOOP,
  ZAP_STEP,
  configurationCalls,
  resolveConfig,
  type DeployContext,
  type DeployedContract,
  type DeploymentManifest,
} from "./deploy-plan";
import { UNISWAP_V2_FACTORY, UNISWAP_V2_ROUTER, WETH9, type UniswapBuild } from "./uniswap-v2";

/** How long the local pool's seeding transaction may wait (its router deadline), in seconds. */
const SEED_DEADLINE_SECONDS = 3_600n;

export interface DeployOptions {
  provider: EIP1193Provider;
  artifacts: Artifacts;
  /** Where the manifest goes (directory). */
  deploymentsDir: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export async function deploy({ provider, artifacts, deploymentsDir, env = process.env, log = console.log }: DeployOptions) {
  const transport = custom(provider);
  const chainIdHex = (await provider.request({ method: "eth_chainId" })) as string;
  // Receipts are polled: fast on the local chain (it mines at once), gently elsewhere.
  const pollingInterval = Number(chainIdHex) === LOCAL_CHAIN_ID ? 25 : 2_000;
  const publicClient = createPublicClient({ transport, pollingInterval });
  const chainId = await publicClient.getChainId();
  const [first] = (await provider.request({ method: "eth_accounts" })) as string[];
  if (!first) throw new Error(`no deployer account on chain ${chainId} (set DEPLOYER_PRIVATE_KEY)`);
  const deployer = getAddress(first);
  const config = resolveConfig(chainId, deployer, env);
  const manifest: DeploymentManifest = {
    chainId,
    contracts: {},
    disputeWindowSeconds: config.disputeWindowSeconds,
    payoutLimitLoop: formatEther(config.payoutLimit),
    roles: config.roles,
  };
  const file = path.join(deploymentsDir, `${chainId}.json`);
  const walletClient = createWalletClient({ account: deployer, transport });
  const context: DeployContext = { chainId, deployer, deployed: manifest.contracts as Record<string, DeployedContract>, config };
  const abis: Record<string, Abi> = {};

  async function confirm(hash: Hex, what: string) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${what}: transaction ${hash} failed`);
    return receipt;
  }

  /** Deploys `bytecode` with `args`; the deployed contract as the manifest records it. */
  async function deployCode(contract: string, abi: Abi, bytecode: Hex, args: readonly unknown[]): Promise<DeployedContract> {
    const hash = await walletClient.deployContract({ abi, bytecode, args, chain: null });
    const receipt = await confirm(hash, `deploy ${contract}`);
    if (!receipt.contractAddress) throw new Error(`${contract}: no contract address in the receipt of ${hash}`);
    return { contract, address: getAddress(receipt.contractAddress), blockNumber: Number(receipt.blockNumber), transactionHash: hash };
  }

  async function send(address: Address, abi: Abi, functionName: string, args: readonly unknown[], what: string, value?: bigint) {
    const hash = await walletClient.writeContract({ address, abi, functionName, args, chain: null, ...(value ? { value } : {}) });
    return confirm(hash, what);
  }

  const read = <T>(address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
    publicClient.readContract({ address, abi, functionName, args }) as Promise<T>;

  log(
    `Deploying ${DEPLOY_PLAN.length} contracts to chain ${chainId} from ${deployer} (dispute window ${config.disputeWindowSeconds} s, payout limit ${formatEther(config.payoutLimit)} LOOP per day)`,
  );
  for (const step of DEPLOY_PLAN) {
    const artifact = await artifacts.readArtifact(step.contract);
    abis[step.name] = artifact.abi as Abi;
    const self = await deployCode(step.contract, artifact.abi as Abi, artifact.bytecode as Hex, step.args(context));
    manifest.contracts[step.name] = self;
    log(`  ${step.name.padEnd(16)} ${self.address}  (block ${self.blockNumber})`);
  }

  for (const call of configurationCalls(context)) {
    const target = manifest.contracts[call.contract];
    if (!target) throw new Error(`${call.describe}: ${call.contract} is not deployed`);
    const hash = await walletClient.writeContract({
      address: target.address,
      abi: abis[call.contract]!,
      functionName: call.functionName,
      args: call.args,
      chain: null,
    });
    await confirm(hash, call.describe);
    log(`  ${call.describe}`);
  }

  // ---- the exchange: LoopZap, the LOOP pair (and on the local chain Uniswap V2 and its pool)
  const plan = config.exchange;
  if (!plan) {
    log(
      `  no Uniswap-V2-compatible exchange for chain ${chainId} (contracts/exchanges.json, UNISWAP_V2_ROUTER_ADDRESS): LoopZap not deployed`,
    );
  } else {
    const tokenAddress = manifest.contracts.LoopToken!.address;
    let router: Address;
    let factory: Address;
    let wrappedNative: Address;
    const deployedExchange: NonNullable<DeployedExchange["deployed"]> = {};
    if (plan.source === "local") {
      const fromBuild = async (uniswap: UniswapBuild, args: readonly unknown[]) => {
        const self = await deployCode(uniswap.contract, uniswap.abi, uniswap.bytecode, args);
        deployedExchange[uniswap.contract as keyof typeof deployedExchange] = self;
        log(`  ${uniswap.contract.padEnd(16)} ${self.address}  (block ${self.blockNumber}, ${uniswap.source})`);
        return self.address;
      };
      wrappedNative = await fromBuild(WETH9, []);
      // feeToSetter: the admin (the protocol fee stays off unless it turns it on).
      factory = await fromBuild(UNISWAP_V2_FACTORY, [config.roles.admin]);
      router = await fromBuild(UNISWAP_V2_ROUTER, [factory, wrappedNative]);
    } else {
      router = plan.router;
      factory = getAddress(await read<Address>(router, UNISWAP_V2_ROUTER.abi, "factory"));
      wrappedNative = getAddress(await read<Address>(router, UNISWAP_V2_ROUTER.abi, "WETH"));
      if ((plan.factory && plan.factory !== factory) || (plan.wrappedNative && plan.wrappedNative !== wrappedNative)) {
        throw new Error(
          `${plan.name} router ${router} on chain ${chainId}: its factory ${factory} and WETH ${wrappedNative} are not the configured ${plan.factory} and ${plan.wrappedNative} (contracts/exchanges.json)`,
        );
      }
      log(`  ${plan.name}: router ${router}, factory ${factory}, wrapped coin ${wrappedNative}`);
    }

    const zapArtifact = await artifacts.readArtifact(ZAP_STEP.contract);
    const zap = await deployCode(ZAP_STEP.contract, zapArtifact.abi as Abi, zapArtifact.bytecode as Hex, ZAP_STEP.args(context, router));
    manifest.contracts.LoopZap = zap;
    log(`  ${"LoopZap".padEnd(16)} ${zap.address}  (block ${zap.blockNumber})`);

    let pairAddress = getAddress(await read<Address>(factory, UNISWAP_V2_FACTORY.abi, "getPair", [tokenAddress, wrappedNative]));
    let pairBlock: number;
    if (pairAddress === zeroAddress) {
      const receipt: TransactionReceipt = await send(
        factory,
        UNISWAP_V2_FACTORY.abi,
        "createPair",
        [tokenAddress, wrappedNative],
        "create the LOOP pair",
      );
      pairAddress = getAddress(await read<Address>(factory, UNISWAP_V2_FACTORY.abi, "getPair", [tokenAddress, wrappedNative]));
      pairBlock = Number(receipt.blockNumber);
      log(`  LOOP pair        ${pairAddress}  (block ${pairBlock}, created)`);
    } else {
      // It existed already: it is indexed from this deployment on.
      pairBlock = Number(await publicClient.getBlockNumber());
      log(`  LOOP pair        ${pairAddress}  (existing)`);
    }

    const exchange: DeployedExchange = {
      name: plan.name,
      router,
      factory,
      wrappedNative,
      pair: { address: pairAddress, blockNumber: pairBlock },
    };
    if (plan.source === "local") {
      exchange.deployed = deployedExchange;
      // Seed the pool at the platform's rate: the deployer (the local treasury) mints the LOOP side.
      await send(tokenAddress, abis.LoopToken!, "mint", [deployer, LOCAL_POOL_LOOP], "mint the pool's LOOP");
      await send(tokenAddress, abis.LoopToken!, "approve", [router, LOCAL_POOL_LOOP], "approve the router");
      const { timestamp } = await publicClient.getBlock();
      await send(
        router,
        UNISWAP_V2_ROUTER.abi,
        "addLiquidityETH",
        [tokenAddress, LOCAL_POOL_LOOP, LOCAL_POOL_LOOP, LOCAL_POOL_ETH, deployer, timestamp + SEED_DEADLINE_SECONDS],
        "seed the LOOP pool",
        LOCAL_POOL_ETH,
      );
      exchange.seed = { ethUsd: Number(LOCAL_ETH_PRICE_USD), eth: formatEther(LOCAL_POOL_ETH), loop: formatEther(LOCAL_POOL_LOOP) };
      log(
        `  seed the LOOP pool: ${formatEther(LOCAL_POOL_LOOP)} LOOP + ${formatEther(LOCAL_POOL_ETH)} ETH (ETH at $${LOCAL_ETH_PRICE_USD}, 500 LOOP = $1)`,
      );
    }
    manifest.exchange = exchange;
  }

  const { roles } = config;
  const row = (label: string, account: Address) => `  ${label.padEnd(16)} ${account}`;
  log(
    [
      "Roles:",
      row("admin", roles.admin),
      row("quote signer", roles.quoteSigner),
      row("operator", roles.operator),
      row("arbiter", roles.arbiter),
      ...(roles.settings ? [row("settings", roles.settings)] : []),
      ...roles.minters.map((m, i) => row(i === 0 ? "treasury/minter" : "minter", m)),
    ].join("\n"),
  );
  if (chainId !== LOCAL_CHAIN_ID && getAddress(roles.admin) === deployer) {
    log("  (the deployer stays admin: set ADMIN_ADDRESS to hand the admin role over)");
  }

  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  log(`Wrote ${path.relative(process.cwd(), file)}`);
  return { manifest, file, config };
}
