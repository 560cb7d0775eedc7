import type { TokenBalance } from "@loop/rules/schemas/tokens";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export const TOKEN_BALANCE_QUERY_KEY = ["/api/tokens/balance"] as const;

/** GET /api/tokens/balance: {balance, available, held} as 8-decimal LOOP strings (signed in). */
export function getTokenBalance(signal?: AbortSignal): Promise<TokenBalance> {
  return apiJson<TokenBalance>("GET", "/api/tokens/balance", undefined, { signal });
}

export const tokenBalanceQueryOptions = queryOptions({
  queryKey: TOKEN_BALANCE_QUERY_KEY,
  queryFn: ({ signal }) => getTokenBalance(signal),
  // Fetched on entry to the token page and the home banner (docs/product.md#token-page), not kept from an earlier visit.
  staleTime: 0,
});

export function useTokenBalance({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tokenBalanceQueryOptions, enabled });
}
