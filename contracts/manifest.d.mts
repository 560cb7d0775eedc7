// Types of manifest.mjs.
import type { ContractName } from "./generated/abis.mjs";

export type { ContractName };
type Address = `0x${string}`;
type Hash = `0x${string}`;

export interface DeployedContract {
  /** Contract name in contracts/src (the Hardhat artifact name). */
  contract: string;
  address: Address;
  /** Block of the deployment transaction: the indexer starts there. */
  blockNumber: number;
  transactionHash: Hash;
}

/** Who holds which role, as the deployment granted them. */
export interface DeploymentRoles {
  /** DEFAULT_ADMIN_ROLE of the three contracts (pause, roles, vault fees). */
  admin: Address;
  /** LoopMarketplace QUOTE_SIGNER_ROLE. */
  quoteSigner: Address;
  /** LoopMarketplace OPERATOR_ROLE and LoopVault OPERATOR_ROLE. */
  operator: Address;
  /** LoopMarketplace ARBITER_ROLE. */
  arbiter: Address;
  /** LoopMarketplace SETTINGS_ROLE (setDisputeWindow); absent in manifests written before it existed. */
  settings?: Address;
  /** LoopToken MINTER_ROLE (the treasury, and the faucet on development chains). */
  minters: Address[];
}

/** <DEPLOYMENTS_DIR or contracts/deployments>/<chainId>.json */
export interface DeploymentManifest {
  chainId: number;
  contracts: Partial<Record<ContractName, DeployedContract>>;
  /** LoopMarketplace's dispute window (seconds a purchase stays in escrow; 0 pays at once). */
  disputeWindowSeconds?: number;
  /** LoopVault's payout limit per period at deployment, in whole LOOP (decimal string); the admin's setPayoutLimit may change it since. Absent in older manifests. */
  payoutLimitLoop?: string;
  roles?: DeploymentRoles;
}

export interface ManifestOptions {
  /** Directory of the manifests (default: deploymentsDir(env)). */
  dir?: string;
  env?: NodeJS.ProcessEnv;
}

export declare const CONTRACTS_DIR: string;
export declare const REPO_ROOT: string;
export declare const COMMITTED_DEPLOYMENTS_DIR: string;
export declare const CONTRACT_NAMES: readonly ContractName[];
export declare function deploymentsDir(env?: NodeJS.ProcessEnv): string;
export declare function manifestPath(chainId: number, options?: ManifestOptions): string;
export declare function parseManifest(value: unknown, file?: string): DeploymentManifest;
export declare function readManifest(chainId: number, options?: ManifestOptions): DeploymentManifest | undefined;
export declare function requireContract(manifest: DeploymentManifest, name: ContractName): DeployedContract;
export declare function deployedAddresses(manifest: DeploymentManifest | undefined): Record<ContractName, Address> | undefined;
