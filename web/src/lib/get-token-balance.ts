import type { TokenBalance } from "@loop/rules/schemas/tokens";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

export const TOKEN_BALANCE_QUERY_KEY = ["/api/tokens/balance"] as const;

/** GET /api/tokens/balance: {balance, available, held} as 8-decimal LOOP strings (signed in). */
export const tokenBalanceQueryOptions = jsonQueryOptions<TokenBalance>(TOKEN_BALANCE_QUERY_KEY, "/api/tokens/balance", {
  // Fetched on entry to the token page and the home banner (docs/product.md#token-page), not kept from an earlier visit.
  staleTime: 0,
});

export function useTokenBalance({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tokenBalanceQueryOptions, enabled });
}
