import type { TokenOrder } from "@loop/rules/schemas/token-orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export const TOKEN_ORDERS_QUERY_KEY = ["/api/admin-orders"] as const;

/** GET /api/admin-orders: the viewer's own token orders, newest first. */
export function getTokenOrders(signal?: AbortSignal): Promise<TokenOrder[]> {
  return apiJson<TokenOrder[]>("GET", "/api/admin-orders", undefined, { signal });
}

export const tokenOrdersQueryOptions = queryOptions({
  queryKey: TOKEN_ORDERS_QUERY_KEY,
  queryFn: ({ signal }) => getTokenOrders(signal),
  staleTime: 0,
});

export function useTokenOrders() {
  return useQuery(tokenOrdersQueryOptions);
}
