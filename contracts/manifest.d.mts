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

/** The contracts a complete deployment has (the API settles a chain's events only with all three). */
export type CoreContractName = "LoopToken" | "LoopVault" | "LoopMarketplace";

/** Contracts of Uniswap V2 that the local chain deploys from the packages' builds. */
export type UniswapContractName = "WETH9" | "UniswapV2Factory" | "UniswapV2Router02";

/**
 * The Uniswap-V2-compatible exchange LOOP trades on (issue 40): LoopZap swaps through its router.
 * Real chains: contracts/exchanges.json (Uniswap V2 on Ethereum, PancakeSwap V2 on BSC); the local
 * chain: Uniswap V2 deployed from its npm builds, with a seeded pool.
 */
export interface DeployedExchange {
  /** e.g. "Uniswap V2", "PancakeSwap V2", "Uniswap V2 (local)". */
  name: string;
  /** UniswapV2Router02 (or PancakeRouter): quotes (getAmountsOut) and swaps. */
  router: Address;
  factory: Address;
  /** The wrapped native coin the router swaps through: WETH, WBNB (the router's WETH()). */
  wrappedNative: Address;
  /** The LOOP/wrapped-coin pair (reserves, Swap/Sync events); `blockNumber`: created there, or the deployment's block when it existed. */
  pair: { address: Address; blockNumber: number };
  /** Local chain only: the Uniswap V2 contracts deployed from @uniswap/v2-core and @uniswap/v2-periphery's builds. */
  deployed?: Partial<Record<UniswapContractName, DeployedContract>>;
  /** Local chain only: how the pool was seeded (ETH at a fixed dev price in USD; whole-unit decimal strings). */
  seed?: { ethUsd: number; eth: string; loop: string };
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
  /** The exchange and LoopZap's router; absent on a chain without one (and in older manifests). */
  exchange?: DeployedExchange;
}

export interface ManifestOptions {
  /** Directory of the manifests (default: deploymentsDir(env)). */
  dir?: string;
  env?: NodeJS.ProcessEnv;
}

export declare const CONTRACTS_DIR: string;
export declare const REPO_ROOT: string;
export declare const COMMITTED_DEPLOYMENTS_DIR: string;
export declare const CONTRACT_NAMES: readonly CoreContractName[];
export declare function deploymentsDir(env?: NodeJS.ProcessEnv): string;
export declare function manifestPath(chainId: number, options?: ManifestOptions): string;
export declare function parseManifest(value: unknown, file?: string): DeploymentManifest;
export declare function readManifest(chainId: number, options?: ManifestOptions): DeploymentManifest | undefined;
export declare function requireContract(manifest: DeploymentManifest, name: ContractName): DeployedContract;
export declare function deployedAddresses(manifest: DeploymentManifest | undefined): Record<CoreContractName, Address> | undefined;
