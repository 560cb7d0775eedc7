import { createPublicClient, defineChain, http, type PublicClient } from "viem";
import type { ChainConfig } from "@loop/rules/chains";

/** Read-only RPC clients of the chains the app accepts, by chain id. */
export type ChainClients = ReadonlyMap<number, PublicClient>;

export function createChainClients(chains: readonly ChainConfig[]): ChainClients {
  return new Map(
    chains.map((chain) => {
      const definition = defineChain({
        id: chain.id,
        name: chain.name,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      });
      // Sign-in waits on these calls: fail fast rather than hold the request for long.
      const client = createPublicClient({ chain: definition, transport: http(chain.rpcUrl, { timeout: 10_000, retryCount: 1 }) });
      return [chain.id, client as PublicClient];
    }),
  );
}
