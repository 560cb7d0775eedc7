/**
 * GET /api/exchange: the exchange cards' figures of each configured chain, from the indexed pool
 * (the Token page's cards and Buy with ETH, the admin overview's pool price). Shared by two features.
 */
import type { ExchangeMarkets } from "@loop/rules/schemas/exchange";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "./json-query";

export const EXCHANGE_MARKETS_QUERY_KEY = ["/api/exchange"] as const;

/** The pool moves with every trade: read again while the page is open. */
export const EXCHANGE_REFRESH_MS = 15_000;

export const exchangeMarketsQueryOptions = jsonQueryOptions<ExchangeMarkets>(EXCHANGE_MARKETS_QUERY_KEY, "/api/exchange", {
  staleTime: 0,
  refetchInterval: EXCHANGE_REFRESH_MS,
});

export function useExchangeMarkets({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...exchangeMarketsQueryOptions, enabled });
}
