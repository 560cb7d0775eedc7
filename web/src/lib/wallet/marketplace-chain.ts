// The app's default chain and the LOOP contracts deployed there, for every page that pays, offers or
// deposits from a wallet (issue 38 §2: the lookup was copied in each). The lookup itself is
// @loop/rules/chains' defaultChainOf, which the API uses too. Light module (no wagmi/viem).
import { defaultChainOf, type ClientChainConfig, type ClientConfig } from "@loop/rules/chains";
import { useClientConfig } from "../client-config";
import type { HexAddress } from "./types";

/** The default chain with LoopToken, LoopMarketplace and LoopVault. */
export interface MarketplaceChain {
  id: number;
  name: string;
  token: HexAddress;
  marketplace: HexAddress;
  vault: HexAddress;
}

/** The default chain with its contracts, or null when they are not deployed there (or it is not listed). */
export function marketplaceChainOf(config: ClientConfig): MarketplaceChain | null {
  const entry = defaultChainOf(config);
  const contracts = entry?.contracts;
  if (!entry || !contracts) return null;
  return {
    id: entry.id,
    name: entry.name,
    token: contracts.token as HexAddress,
    marketplace: contracts.marketplace as HexAddress,
    vault: contracts.vault as HexAddress,
  };
}

/**
 * GET /api/config's default chain: `chain` with its contracts (null: none there), `entry` as
 * configured (undefined: not listed, or /api/config not loaded), `loading` while it loads.
 */
export function useMarketplaceChain(): { chain: MarketplaceChain | null; entry: ClientChainConfig | undefined; loading: boolean } {
  const config = useClientConfig();
  if (!config.data) return { chain: null, entry: undefined, loading: config.isPending };
  return { chain: marketplaceChainOf(config.data), entry: defaultChainOf(config.data), loading: false };
}
