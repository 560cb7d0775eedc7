/**
 * The two public networks of the token page (docs/product.md#token-page): BNB Smart Chain and Ethereum mainnet. The
 * LoopToken address comes from the client configuration (the chain's deployment manifest); a
 * network without one shows 'Not deployed on this network' and no exchange links.
 */
import { useClientConfig } from "@/lib/client-config";

export const NOT_DEPLOYED = "Not deployed on this network";

export interface TokenNetwork {
  chainId: 56 | 1;
  /** Shown on the cards. */
  name: string;
  shortName: string;
  standard: string;
  exchange: string;
  explorer: string;
  pairs: readonly string[];
  tradeUrl: (token: string) => string;
  addLiquidityUrl: (token: string) => string;
  tokenInfoUrl: (token: string) => string;
}

export const BSC: TokenNetwork = {
  chainId: 56,
  name: "BNB Smart Chain",
  shortName: "BSC",
  standard: "BEP-20",
  exchange: "PancakeSwap",
  explorer: "BscScan",
  pairs: ["LOOP/BNB", "LOOP/USDT", "LOOP/USDC"],
  tradeUrl: (token) => `https://pancakeswap.finance/swap?chain=bsc&outputCurrency=${token}`,
  addLiquidityUrl: (token) => `https://pancakeswap.finance/add/BNB/${token}?chain=bsc`,
  tokenInfoUrl: (token) => `https://bscscan.com/token/${token}`,
};

export const ETHEREUM: TokenNetwork = {
  chainId: 1,
  name: "Ethereum",
  shortName: "Ethereum",
  standard: "ERC-20",
  exchange: "Uniswap",
  explorer: "Etherscan",
  pairs: ["LOOP/ETH", "LOOP/USDC", "LOOP/USDT"],
  tradeUrl: (token) => `https://app.uniswap.org/swap?chain=mainnet&outputCurrency=${token}`,
  addLiquidityUrl: (token) => `https://app.uniswap.org/add/ETH/${token}?chain=mainnet`,
  tokenInfoUrl: (token) => `https://etherscan.io/token/${token}`,
};

export type TokenAddressState = { status: "loading" } | { status: "ready"; address: string | null };

/** The LoopToken address configured for `chainId`, null when the network has no deployment. */
export function useLoopTokenAddress(chainId: number): TokenAddressState {
  const config = useClientConfig();
  if (config.isPending) return { status: "loading" };
  const chain = config.data?.chains.find((candidate) => candidate.id === chainId);
  return { status: "ready", address: chain?.contracts?.token ?? null };
}
