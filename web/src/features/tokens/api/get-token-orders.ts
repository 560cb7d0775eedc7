import type { TokenOrder } from "@loop/rules/schemas/token-orders";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

export const TOKEN_ORDERS_QUERY_KEY = ["/api/admin-orders"] as const;

/** GET /api/admin-orders: the viewer's own token orders, newest first. */
export const tokenOrdersQueryOptions = jsonQueryOptions<TokenOrder[]>(TOKEN_ORDERS_QUERY_KEY, "/api/admin-orders", {
  staleTime: 0,
});

export function useTokenOrders() {
  return useQuery(tokenOrdersQueryOptions);
}
