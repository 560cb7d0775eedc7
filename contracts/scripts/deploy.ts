// Deploys DEPLOY_PLAN (deploy-plan.ts) and writes <DEPLOYMENTS_DIR or contracts/deployments>/<chainId>.json.
//   node_modules/.bin/hardhat run --network localhost contracts/scripts/deploy.ts
// `pnpm dev` runs it against the fresh local node (chain 31337) on every start.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { createPublicClient, createWalletClient, custom, getAddress, type Abi, type Hex } from "viem";
import { DEPLOY_PLAN, type DeployContext, type DeployedContract, type DeploymentManifest } from "./deploy-plan";

async function main() {
  const transport = custom(hre.network.provider);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const [first] = (await hre.network.provider.request({ method: "eth_accounts" })) as string[];
  const manifest: DeploymentManifest = { chainId, contracts: {} };
  const dir = process.env.DEPLOYMENTS_DIR
    ? path.resolve(hre.config.paths.root, process.env.DEPLOYMENTS_DIR)
    : path.join(hre.config.paths.root, "contracts", "deployments");
  const file = path.join(dir, `${chainId}.json`);

  if (DEPLOY_PLAN.length === 0) {
    console.log("No contracts to deploy yet (the contracts issue adds LoopToken, LoopMarketplace, LoopVault)");
  } else {
    if (!first) throw new Error(`no deployer account on chain ${chainId} (set DEPLOYER_PRIVATE_KEY)`);
    const deployer = getAddress(first);
    const walletClient = createWalletClient({ account: deployer, transport });
    const context: DeployContext = { chainId, deployer, deployed: manifest.contracts };
    console.log(`Deploying ${DEPLOY_PLAN.length} contract(s) to chain ${chainId} from ${deployer}`);
    for (const step of DEPLOY_PLAN) {
      const artifact = await hre.artifacts.readArtifact(step.contract);
      const hash = await walletClient.deployContract({
        abi: artifact.abi as Abi,
        bytecode: artifact.bytecode as Hex,
        args: step.args?.(context) ?? [],
        chain: null,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success" || !receipt.contractAddress) {
        throw new Error(`${step.name}: deployment transaction ${hash} failed`);
      }
      const self: DeployedContract = {
        contract: step.contract,
        address: getAddress(receipt.contractAddress),
        blockNumber: Number(receipt.blockNumber),
        transactionHash: hash,
      };
      manifest.contracts[step.name] = self;
      console.log(`  ${step.name} at ${self.address} (block ${self.blockNumber})`);
      await step.after?.({ ...context, self });
    }
  }

  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
