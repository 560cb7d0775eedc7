// The chains (CHAIN_IDS, RPC_URL_<id>, PUBLIC_RPC_URL_<id>, the deployment manifests) and what runs on them: the
// settlement of indexed events and LOOP payouts.
import { deployedAddresses, readManifest } from "@loop/contracts/manifest";
import {
  SUPPORTED_CHAINS,
  chainKind,
  isSupportedChainId,
  type ChainConfig,
  type ChainContracts,
  type ChainExchange,
  type ChainKind,
} from "@loop/rules/chains";
import { getAddress } from "viem";
import { ConfigError, MINUTE, booleanValue, identifier, integer, url, value, type Env } from "./env";

/** LOOP payouts (src/features/withdrawals/payout-sender.ts). */
export interface PayoutsConfig {
  /** How long the sending request waits for the payout's receipt before answering "Payout Pending". */
  receiptTimeoutMs: number;
  /** A payout's lease: whoever sends it owns it this long; then a reconciler may take it over. */
  leaseMs: number;
  /** How often the reconciler looks for payouts whose outcome the API did not see. */
  reconcileMs: number;
}

/** The settlement worker (src/features/settlement): indexed chain events applied to the app, once. */
export interface SettlementConfig {
  /** SETTLEMENT_ENABLED (default true): false leaves settling to other API instances. */
  enabled: boolean;
  /** SETTLEMENT_POLL_MS: how often the indexed tables are read when idle. */
  pollMs: number;
  /** SETTLEMENT_BATCH_SIZE: events applied per transaction. */
  batchSize: number;
  /** INDEXER_SCHEMA: Ponder's schema (default "indexer"). */
  indexerSchema: string;
  /** Blocks on top of an event's block before it is settled, by chain id (CONFIRMATIONS_<chainId>). */
  confirmations: Record<number, number>;
}

/** The chain's contracts from its deployment manifest; null when there is none (or it is incomplete). */
function contractsFrom(chainId: number, dir: string): ChainContracts | null {
  let addresses;
  try {
    addresses = deployedAddresses(readManifest(chainId, { dir }));
  } catch (error) {
    throw new ConfigError(`deployment manifest: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!addresses) return null;
  return {
    token: getAddress(addresses.LoopToken),
    marketplace: getAddress(addresses.LoopMarketplace),
    vault: getAddress(addresses.LoopVault),
  };
}

/** The chain's exchange and LOOP pair from its manifest (`exchange`, `contracts.LoopZap`); null without them or the LOOP contracts. */
function exchangeFrom(chainId: number, dir: string): ChainExchange | null {
  const manifest = readManifest(chainId, { dir });
  const exchange = manifest?.exchange;
  if (!manifest || !exchange || !deployedAddresses(manifest)) return null;
  const zap = manifest.contracts.LoopZap;
  return {
    name: exchange.name,
    router: getAddress(exchange.router),
    factory: getAddress(exchange.factory),
    wrappedNative: getAddress(exchange.wrappedNative),
    pair: getAddress(exchange.pair.address),
    zap: zap ? getAddress(zap.address) : null,
    nativeUsdCents: exchange.seed ? Math.round(exchange.seed.ethUsd * 100) : null,
  };
}

export function chainsFrom(env: Env, manifestsDir: string): ChainConfig[] {
  const ids = (value(env, "CHAIN_IDS") ?? "31337")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const chains = ids.map((text) => {
    const id = Number(text);
    if (!Number.isInteger(id) || !isSupportedChainId(id)) {
      throw new ConfigError(`CHAIN_IDS: unsupported chain "${text}" (known: ${SUPPORTED_CHAINS.map((c) => c.id).join(", ")})`);
    }
    const hardhatPort = value(env, "HARDHAT_PORT") ?? "8545";
    const rpcUrl = value(env, `RPC_URL_${id}`) ?? (id === 31337 ? `http://127.0.0.1:${hardhatPort}` : undefined);
    if (!rpcUrl) throw new ConfigError(`RPC_URL_${id} is required because CHAIN_IDS contains ${id}`);
    url(`RPC_URL_${id}`, rpcUrl);
    // What browsers may use: published by GET /api/config, so never the server's URL (a provider's key).
    const publicRpcUrl = value(env, `PUBLIC_RPC_URL_${id}`) ?? null;
    if (publicRpcUrl !== null) url(`PUBLIC_RPC_URL_${id}`, publicRpcUrl);
    const name = SUPPORTED_CHAINS.find((chain) => chain.id === id)!.name;
    const contracts = contractsFrom(id, manifestsDir);
    return { id, name, rpcUrl, publicRpcUrl, contracts, exchange: contracts ? exchangeFrom(id, manifestsDir) : null };
  });
  // Deposits are credited 1:1 from every chain: beside a mainnet, a testnet's free LOOP would be money.
  const named = (kind: ChainKind) => chains.filter((chain) => chainKind(chain.id) === kind).map((chain) => `${chain.id} ${chain.name}`);
  const [testnets, mainnets] = [named("testnet"), named("mainnet")];
  if (testnets.length > 0 && mainnets.length > 0) {
    throw new ConfigError(
      `CHAIN_IDS mixes test chains (${testnets.join(", ")}) with mainnets (${mainnets.join(", ")}): deposits on a test chain would be credited as real LOOP. Run test chains and mainnets as separate deployments.`,
    );
  }
  return chains;
}

/** Blocks an event waits for before it is settled, when CONFIRMATIONS_<chainId> is not set. */
const DEFAULT_CONFIRMATIONS: Record<number, number> = { 31337: 0, 1: 12, 56: 15, 11155111: 6, 97: 6 };

export function settlementFrom(env: Env, chains: ChainConfig[]): SettlementConfig {
  return {
    enabled: booleanValue(env, "SETTLEMENT_ENABLED", true),
    pollMs: integer(env, "SETTLEMENT_POLL_MS", 100, 10),
    batchSize: integer(env, "SETTLEMENT_BATCH_SIZE", 500, 1),
    indexerSchema: identifier(env, "INDEXER_SCHEMA", "indexer"),
    confirmations: Object.fromEntries(
      chains.map((chain) => [chain.id, integer(env, `CONFIRMATIONS_${chain.id}`, DEFAULT_CONFIRMATIONS[chain.id] ?? 12)]),
    ),
  };
}

export function payoutsFrom(env: Env): PayoutsConfig {
  const payouts = {
    receiptTimeoutMs: integer(env, "PAYOUT_RECEIPT_TIMEOUT_MS", 45_000, 100),
    leaseMs: integer(env, "PAYOUT_LEASE_MS", 2 * MINUTE, 1000),
    reconcileMs: integer(env, "PAYOUT_RECONCILE_MS", 30_000, 100),
  };
  // The sender must be done (broadcast and receipt) before its lease lets a reconciler take over.
  if (payouts.leaseMs < payouts.receiptTimeoutMs + 30_000) {
    throw new ConfigError(
      `PAYOUT_LEASE_MS (${payouts.leaseMs}) must be at least PAYOUT_RECEIPT_TIMEOUT_MS + 30000 (${payouts.receiptTimeoutMs + 30_000})`,
    );
  }
  return payouts;
}
