import type { AdminTokenOrder } from "@loop/rules/schemas/token-orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export interface RejectTokenOrderInput {
  orderId: string;
  reason: string;
}

/** POST /api/admin/admin-orders/:id/reject {reason} → the order, rejected. */
export function rejectTokenOrder({ orderId, reason }: RejectTokenOrderInput): Promise<AdminTokenOrder> {
  return apiJson<AdminTokenOrder>("POST", `/api/admin/admin-orders/${encodeURIComponent(orderId)}/reject`, { reason });
}

export function useRejectTokenOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectTokenOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
