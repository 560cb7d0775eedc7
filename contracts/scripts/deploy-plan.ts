// What `pnpm dev` deploys to the local chain (and what a deployment to another chain deploys).
// The contracts issue fills DEPLOY_PLAN in; deploy.ts does the rest (deploy in order, wait for the
// receipts, write contracts/deployments/<chainId>.json for the API and the indexer).
import type { Address } from "viem";

export interface DeployedContract {
  /** Contract name in contracts/src (the Hardhat artifact name). */
  contract: string;
  address: Address;
  /** Block of the deployment transaction: the indexer starts there. */
  blockNumber: number;
  transactionHash: `0x${string}`;
}

/** contracts/deployments/<chainId>.json */
export interface DeploymentManifest {
  chainId: number;
  contracts: Record<string, DeployedContract>;
}

export interface DeployContext {
  chainId: number;
  /** The account that deploys (Hardhat account #0 on the local chain). */
  deployer: Address;
  /** What earlier steps deployed, by step name. */
  deployed: Record<string, DeployedContract>;
}

export interface DeployStep {
  /** Key in the manifest (usually the contract name). */
  name: string;
  /** Artifact name of the contract in contracts/src. */
  contract: string;
  /** Constructor arguments; may use what earlier steps deployed. */
  args?: (context: DeployContext) => readonly unknown[];
  /** Calls after deployment (roles, links between contracts, demo data on the local chain). */
  after?: (context: DeployContext & { self: DeployedContract }) => Promise<void>;
}

// The contracts issue adds LoopToken, LoopMarketplace and LoopVault here, e.g.
//   { name: "LoopToken", contract: "LoopToken", args: ({ deployer }) => [deployer] },
//   { name: "LoopVault", contract: "LoopVault", args: ({ deployed }) => [deployed.LoopToken!.address] },
export const DEPLOY_PLAN: DeployStep[] = [];
