import type { AdminTokenOrder, TokenOrderStatus } from "@loop/rules/schemas/token-orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, withSearchParams } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_TOKEN_ORDERS_QUERY_KEY = [...ADMIN_QUERY_KEY, "admin-orders"] as const;

/** GET /api/admin/admin-orders[?status=]: users' token orders, newest first. */
export function getAdminTokenOrders(status: TokenOrderStatus | undefined, signal?: AbortSignal): Promise<AdminTokenOrder[]> {
  return apiJson<AdminTokenOrder[]>("GET", withSearchParams("/api/admin/admin-orders", { status }), undefined, { signal });
}

export const adminTokenOrdersQueryOptions = (status: TokenOrderStatus | undefined) =>
  queryOptions({
    queryKey: [...ADMIN_TOKEN_ORDERS_QUERY_KEY, { status: status ?? null }] as const,
    queryFn: ({ signal }) => getAdminTokenOrders(status, signal),
    staleTime: 0,
  });

export function useAdminTokenOrders(status: TokenOrderStatus | undefined) {
  return useQuery(adminTokenOrdersQueryOptions(status));
}
