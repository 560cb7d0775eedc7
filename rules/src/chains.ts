import type { PublicPlatformSettings } from "./schemas/platform-settings";

/** Chains the app knows. The local development chain is the only one with test helpers. */
export const DEV_CHAIN_ID = 31337;

export const SUPPORTED_CHAINS = [
  { id: 31337, name: "Hardhat (local)", testnet: true },
  { id: 56, name: "BNB Smart Chain", testnet: false },
  { id: 1, name: "Ethereum", testnet: false },
  { id: 137, name: "Polygon", testnet: false },
  { id: 42161, name: "Arbitrum One", testnet: false },
  { id: 11155111, name: "Sepolia", testnet: true },
  { id: 97, name: "BNB Smart Chain Testnet", testnet: true },
] as const;

export type SupportedChainId = (typeof SUPPORTED_CHAINS)[number]["id"];

/**
 * The deployment's default chain among its chains (DEFAULT_CHAIN_ID, GET /api/config's
 * defaultChainId): where the app asks wallets to pay, deposit and be paid. Undefined when it is not
 * listed (the API refuses such a configuration at start).
 */
export function defaultChainOf<Chain extends { id: number }>(config: {
  chains: readonly Chain[];
  defaultChainId: number;
}): Chain | undefined {
  return config.chains.find((chain) => chain.id === config.defaultChainId);
}

export function isSupportedChainId(id: number): id is SupportedChainId {
  return SUPPORTED_CHAINS.some((chain) => chain.id === id);
}

/**
 * Test LOOP (testnets and the local development chain) is worthless; mainnet LOOP is money. A
 * deployment runs on chains of one kind only, because deposits are credited 1:1 whatever the chain.
 */
export type ChainKind = "testnet" | "mainnet";

/** The kind of a known chain; null for any other id. */
export function chainKind(id: number): ChainKind | null {
  const chain = SUPPORTED_CHAINS.find((candidate) => candidate.id === id);
  return chain ? (chain.testnet ? "testnet" : "mainnet") : null;
}

/** Checksummed addresses (0x + 40 hex digits) of the LOOP contracts deployed on a chain (its deployment manifest). */
export interface ChainContracts {
  /** LoopToken (ERC-20 LOOP, 18 decimals). */
  token: string;
  /** LoopMarketplace (escrow of purchases and offers). */
  marketplace: string;
  /** LoopVault (fees and the reserve behind in-app balances). */
  vault: string;
}

/**
 * The Uniswap-V2-compatible exchange LOOP trades on, from the chain's deployment manifest (`exchange`,
 * `contracts.LoopZap`): checksummed addresses (docs/product.md#buying-loop-with-eth).
 */
export interface ChainExchange {
  /** e.g. "Uniswap V2", "PancakeSwap V2", "Uniswap V2 (local)". */
  name: string;
  router: string;
  factory: string;
  /** WETH, WBNB: the router's WETH(). */
  wrappedNative: string;
  /** The LOOP/wrapped-coin pair. */
  pair: string;
  /** LoopZap (swap and deposit into the vault in one transaction); null: not deployed. */
  zap: string | null;
  /** The native coin's USD price the deployment names, in cents (the local pool's fixed dev price); null: none. */
  nativeUsdCents: number | null;
}

/** The native coin of a chain, which the exchange's pool pairs LOOP with (wrapped): ETH, or BNB on BNB Smart Chain. */
export function nativeCoinOf(chainId: number): "ETH" | "BNB" | "POL" {
  if (chainId === 56 || chainId === 97) return "BNB";
  if (chainId === 137) return "POL";
  return "ETH";
}

/** A chain the deployment accepts, as the API's configuration holds it. */
export interface ChainConfig {
  id: number;
  name: string;
  /** The server's RPC endpoint (RPC_URL_<id>): it may carry a provider's key, so it is never published. */
  rpcUrl: string;
  /** The endpoint browsers may use (PUBLIC_RPC_URL_<id>); null: none is given. */
  publicRpcUrl: string | null;
  /** From the chain's deployment manifest (@loop/contracts/manifest); null when it has none. */
  contracts: ChainContracts | null;
  /** The exchange and its LOOP pair from the manifest; null (or absent) when it has none. */
  exchange?: ChainExchange | null;
}

/** A chain as GET /api/config publishes it: never the server's RPC URL. */
export interface ClientChainConfig {
  id: number;
  name: string;
  /**
   * PUBLIC_RPC_URL_<id>, or null: the page then reads the chain through the connected wallet's own
   * provider, or viem's default public endpoint of the chain.
   */
  publicRpcUrl: string | null;
  contracts: ChainContracts | null;
  /** The exchange the Buy with ETH (BNB) dialog swaps through; null (or absent) when the chain has none. */
  exchange?: ChainExchange | null;
  /**
   * Blocks on top of a deposit's block before it is credited (CONFIRMATIONS_<id>): what the pages say
   * a buy or a deposit waits for. Always sent by the API; absent: unknown.
   */
  confirmations?: number;
}

export interface ClientConfig {
  chains: ClientChainConfig[];
  /** Chain the app asks wallets to use by default. */
  defaultChainId: number;
  walletConnectProjectId: string | null;
  /** True when e-mail sign-in goes to an external OpenID Connect provider. */
  oidc: { accountUrl: string | null } | null;
  /** PayPal checkout (Orders v2) when PAYPAL_CLIENT_ID/SECRET are set; null: not configured. */
  paypal: { clientId: string } | null;
  /** Card payments (Stripe) when STRIPE_SECRET_KEY/PUBLISHABLE_KEY are set; null: not configured. */
  stripe: { publishableKey: string } | null;
  /**
   * The admin's platform settings the pages show (format fees, minimum withdrawal, offer expiry),
   * read per request. The API always sends it; optional so that a page falls back to the defaults.
   */
  settings?: PublicPlatformSettings;
}
