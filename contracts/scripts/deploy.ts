// Deploys the LOOP contracts (deploy-plan.ts) and writes the manifest
// <DEPLOYMENTS_DIR or contracts/deployments>/<chainId>.json (DEPLOYMENTS_DIR is relative to the repository root).
//   node_modules/.bin/hardhat run --network localhost contracts/scripts/deploy.ts
//   node_modules/.bin/hardhat run --network bscTestnet contracts/scripts/deploy.ts   (RPC_URL_97, DEPLOYER_PRIVATE_KEY, ...)
// `pnpm dev` runs it against the fresh local node (chain 31337) on every start. Configuration: deploy-plan.ts.
import path from "node:path";
import hre from "hardhat";
import { deploy } from "./deployer";

const deploymentsDir = process.env.DEPLOYMENTS_DIR
  ? path.resolve(hre.config.paths.root, process.env.DEPLOYMENTS_DIR)
  : path.join(hre.config.paths.root, "contracts", "deployments");

deploy({ provider: hre.network.provider, artifacts: hre.artifacts, deploymentsDir }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
