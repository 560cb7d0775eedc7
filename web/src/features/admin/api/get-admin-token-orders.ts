import type { AdminTokenOrder, TokenOrderStatus } from "@loop/rules/schemas/token-orders";
import { useQuery } from "@tanstack/react-query";
import { statusListQueryOptions } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_TOKEN_ORDERS_QUERY_KEY = [...ADMIN_QUERY_KEY, "admin-orders"] as const;

/** GET /api/admin/admin-orders[?status=]: users' token orders, newest first. */
export const adminTokenOrdersQueryOptions = (status: TokenOrderStatus | undefined) =>
  statusListQueryOptions<AdminTokenOrder[]>(ADMIN_TOKEN_ORDERS_QUERY_KEY, "/api/admin/admin-orders", status);

export function useAdminTokenOrders(status: TokenOrderStatus | undefined) {
  return useQuery(adminTokenOrdersQueryOptions(status));
}
