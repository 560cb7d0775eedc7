/**
 * The app's default chain (where Buy with ETH swaps and credits, GET /api/config) and its exchange
 * market (GET /api/exchange): what the Token page's texts may claim about buying with the chain's coin.
 */
import { defaultChainOf } from "@loop/rules/chains";
import { useClientConfig } from "@/lib/client-config";
import { useExchangeMarkets } from "@/lib/get-exchange-markets";

export function useDefaultMarket() {
  const config = useClientConfig();
  const markets = useExchangeMarkets();
  const chain = config.data ? defaultChainOf(config.data) : undefined;
  const market = chain ? markets.data?.markets.find((candidate) => candidate.chainId === chain.id) : undefined;
  /** Both answered: `market` is the default chain's (undefined only if the API left it out). */
  const known = config.data !== undefined && markets.data !== undefined;
  return { chain, market, known, pending: config.isPending || markets.isPending };
}
