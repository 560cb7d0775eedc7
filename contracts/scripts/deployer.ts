// Deploys DEPLOY_PLAN (deploy-plan.ts), applies its configuration (roles; test funds on the local
// chain) and writes <DEPLOYMENTS_DIR or contracts/deployments>/<chainId>.json. Called by deploy.ts
// (the Hardhat script) and by the tests.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Artifacts, EIP1193Provider } from "hardhat/types";
import { createPublicClient, createWalletClient, custom, formatEther, getAddress, type Abi, type Address, type Hex } from "viem";
import {
  DEPLOY_PLAN,
  LOCAL_CHAIN_ID,
  configurationCalls,
  resolveConfig,
  type DeployContext,
  type DeployedContract,
  type DeploymentManifest,
} from "./deploy-plan";

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

  log(
    `Deploying ${DEPLOY_PLAN.length} contracts to chain ${chainId} from ${deployer} (dispute window ${config.disputeWindowSeconds} s, payout limit ${formatEther(config.payoutLimit)} LOOP per day)`,
  );
  for (const step of DEPLOY_PLAN) {
    const artifact = await artifacts.readArtifact(step.contract);
    abis[step.name] = artifact.abi as Abi;
    const hash = await walletClient.deployContract({
      abi: artifact.abi as Abi,
      bytecode: artifact.bytecode as Hex,
      args: step.args(context),
      chain: null,
    });
    const receipt = await confirm(hash, `deploy ${step.name}`);
    if (!receipt.contractAddress) throw new Error(`${step.name}: no contract address in the receipt of ${hash}`);
    const self: DeployedContract = {
      contract: step.contract,
      address: getAddress(receipt.contractAddress),
      blockNumber: Number(receipt.blockNumber),
      transactionHash: hash,
    };
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
