/**
 * Wagmi configuration for the wallet stack: the chains the API configured with their transports, and
 * the wallets offered. Part of the lazily loaded wallet stack (see wallet-stack.tsx).
 */
import type { ClientConfig } from "@loop/rules/chains";
import { connectorsForWallets, type WalletList } from "@rainbow-me/rainbowkit";
import { injectedWallet, rabbyWallet, walletConnectWallet } from "@rainbow-me/rainbowkit/wallets";
import { type Chain, defineChain, type Transport } from "viem";
import { arbitrum, bsc, bscTestnet, hardhat, mainnet, polygon, sepolia } from "viem/chains";
import { type Config, createConfig, fallback, http, injected, unstable_connector } from "wagmi";
import { WalletUnavailableError } from "./wallet-errors";

/** Chains the app knows (rules/src/chains.ts, SUPPORTED_CHAINS), as viem definitions. */
const KNOWN_CHAINS: Record<number, Chain> = {
  31337: hardhat,
  56: bsc,
  1: mainnet,
  137: polygon,
  42161: arbitrum,
  11155111: sepolia,
  97: bscTestnet,
};

/**
 * Chains offered to wallets: every chain the API accepts that the app knows. Each is read through
 * its public RPC URL when the API gives one (PUBLIC_RPC_URL_<id>; the server's own URL is never
 * published); otherwise through the connected browser wallet's own provider, and when that cannot
 * answer (no wallet, another chain) viem's default public endpoint of the chain (which the page's
 * CSP allows). The default chain goes first.
 */
export function walletChains(config: ClientConfig): { chains: [Chain, ...Chain[]]; transports: Record<number, Transport> } {
  const chains: Chain[] = [];
  const transports: Record<number, Transport> = {};
  for (const entry of config.chains) {
    const known = KNOWN_CHAINS[entry.id];
    if (!known) continue;
    const rpcUrl = entry.publicRpcUrl;
    chains.push(defineChain({ ...known, name: entry.name || known.name, ...(rpcUrl ? { rpcUrls: { default: { http: [rpcUrl] } } } : {}) }));
    const options = { timeout: 10_000, retryCount: 3, retryDelay: 150 };
    transports[entry.id] = rpcUrl ? http(rpcUrl, options) : fallback([unstable_connector(injected), http(undefined, options)]);
  }
  chains.sort((a, b) => Number(b.id === config.defaultChainId) - Number(a.id === config.defaultChainId));
  const [first, ...rest] = chains;
  if (!first) throw new WalletUnavailableError("No chain is configured for wallets.");
  return { chains: [first, ...rest], transports };
}

/**
 * Browser wallets only (injected providers, plus every EIP-6963 wallet that announces itself,
 * e.g. MetaMask as io.metamask): none of them loads a remote SDK. WalletConnect (QR code for
 * mobile wallets) only when a project id is configured.
 */
export function walletList(config: ClientConfig): WalletList {
  const list: WalletList = [{ groupName: "Browser wallets", wallets: [injectedWallet, rabbyWallet] }];
  if (config.walletConnectProjectId) list.push({ groupName: "Mobile wallets", wallets: [walletConnectWallet] });
  return list;
}

export function createWagmiConfig(config: ClientConfig): Config {
  const { chains, transports } = walletChains(config);
  const connectors = connectorsForWallets(walletList(config), {
    appName: "LOOP",
    projectId: config.walletConnectProjectId ?? "",
  });
  return createConfig({
    chains,
    transports,
    connectors,
    multiInjectedProviderDiscovery: true,
    // With `ssr: false` wagmi's <Hydrate> reconnects on every render (in render); `true` makes it
    // rehydrate from storage and reconnect once, after mount.
    ssr: true,
  });
}
