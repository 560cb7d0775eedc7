import type { AdminTokenOrder } from "@loop/rules/schemas/token-orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

/** POST /api/admin/admin-orders/:id/fulfil → the order, fulfilled (the LOOP is credited to the buyer). */
export function fulfilTokenOrder(orderId: string): Promise<AdminTokenOrder> {
  return apiJson<AdminTokenOrder>("POST", `/api/admin/admin-orders/${encodeURIComponent(orderId)}/fulfil`);
}

export function useFulfilTokenOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fulfilTokenOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TOKEN_BALANCE_QUERY_KEY }),
      ]),
  });
}
