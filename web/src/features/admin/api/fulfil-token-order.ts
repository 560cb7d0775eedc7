import type { AdminTokenOrder } from "@loop/rules/schemas/token-orders";
import { apiJson } from "@/lib/api-client";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** POST /api/admin/admin-orders/:id/fulfil → the order, fulfilled (the LOOP is credited to the buyer). */
export function fulfilTokenOrder(orderId: string): Promise<AdminTokenOrder> {
  return apiJson<AdminTokenOrder>("POST", `/api/admin/admin-orders/${encodeURIComponent(orderId)}/fulfil`);
}

export function useFulfilTokenOrder() {
  return useInvalidatingMutation({
    mutationFn: fulfilTokenOrder,
    invalidatesOnSettled: [ADMIN_QUERY_KEY, TOKEN_BALANCE_QUERY_KEY],
  });
}
