// Ponder 0.16 configuration. The indexer lives in indexer/ (Ponder's root); indexer/ponder.config.ts
// passes this object through Ponder's createConfig, which type-checks it. This file imports nothing
// from "ponder" because the package is installed in indexer/ only (createConfig is the identity).
//
// Chains: every id in CHAIN_IDS (default 31337) that has an RPC URL (RPC_URL_<id>; the local
// chain defaults to http://127.0.0.1:8545). Contracts: the ABIs generated from the build
// (contracts/generated/abis.mjs, package @loop/contracts/abis), at the addresses and start blocks of
// the deployment manifests <DEPLOYMENTS_DIR or contracts/deployments>/<chainId>.json written by
// contracts/scripts/deploy.ts (read with @loop/contracts/manifest). A contract missing from a
// chain's manifest is not indexed there; the exchange's LOOP pair (LoopPair) comes from the manifest's
// `exchange.pair`. No ABI or address is written here by hand.
import type { Abi } from "viem";
import { loopMarketplaceAbi, loopTokenAbi, loopVaultAbi, uniswapV2PairAbi } from "./contracts/generated/abis.mjs";
import { readManifest } from "./contracts/manifest.mjs";

/** The indexed contracts and their ABIs (`as const` ABIs give typed event handlers). */
export const INDEXED_CONTRACTS = {
  LoopToken: loopTokenAbi,
  LoopMarketplace: loopMarketplaceAbi,
  LoopVault: loopVaultAbi,
  /** The LOOP/wrapped-coin pair of the chain's exchange (the manifest's `exchange.pair`): its Swap and Sync events. */
  LoopPair: uniswapV2PairAbi,
} satisfies Record<string, Abi>;

type ContractName = keyof typeof INDEXED_CONTRACTS;

/** Readable chain names (Ponder uses them in logs and in `context.chain.name`). */
const CHAIN_NAMES: Record<number, string> = {
  31337: "hardhat",
  1: "ethereum",
  56: "bsc",
  137: "polygon",
  42161: "arbitrum",
  11155111: "sepolia",
  97: "bscTestnet",
};

export function chainIds(env: NodeJS.ProcessEnv = process.env): number[] {
  return (env.CHAIN_IDS ?? "31337")
    .split(",")
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

export function rpcUrl(chainId: number, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env[`RPC_URL_${chainId}`];
  if (url) return url;
  if (chainId === 31337) return `http://127.0.0.1:${env.HARDHAT_PORT ?? "8545"}`;
  return undefined;
}

type ChainEntry = { id: number; rpc: string; pollingInterval: number; disableCache?: boolean };
type ContractOnChain = { address: `0x${string}`; startBlock: number };
/** Typed per contract so that Ponder infers the event handlers' argument types from the ABIs. */
type IndexedContracts = {
  [K in ContractName]: { abi: (typeof INDEXED_CONTRACTS)[K]; chain: Record<string, ContractOnChain> };
};

const chains: Record<string, ChainEntry> = {};
// Only contracts deployed on at least one configured chain are listed (scripts/lib/indexer.mjs
// does not start Ponder when there are none).
const contracts = {} as IndexedContracts;
const deployedContracts = contracts as Record<string, { abi: Abi; chain: Record<string, ContractOnChain> }>;

for (const id of chainIds()) {
  const rpc = rpcUrl(id);
  if (!rpc) continue;
  const name = CHAIN_NAMES[id] ?? `chain${id}`;
  // The local chain is fresh on every start and mines on demand: poll fast, cache nothing.
  // Polled, not subscribed over the node's WebSocket: with `eth_subscribe("newHeads")` the indexer
  // once stopped indexing mid-run while blocks kept coming (docs/decisions.md, "The indexer rests
  // between blocks (session 61)", and its follow-up).
  chains[name] = id === 31337 ? { id, rpc, pollingInterval: 100, disableCache: true } : { id, rpc, pollingInterval: 1000 };
  const manifest = readManifest(id);
  for (const [contractName, abi] of Object.entries(INDEXED_CONTRACTS) as [ContractName, Abi][]) {
    const deployed = contractName === "LoopPair" ? manifest?.exchange?.pair : manifest?.contracts[contractName];
    if (!deployed) continue;
    const entry = (deployedContracts[contractName] ??= { abi, chain: {} });
    entry.chain[name] = { address: deployed.address, startBlock: deployed.blockNumber };
  }
}

export default {
  database: { kind: "postgres" as const, connectionString: process.env.DATABASE_URL, poolConfig: { max: 30 } },
  ordering: "multichain" as const,
  chains,
  contracts,
};
