import type { AdminTokenOrder } from "@loop/rules/schemas/token-orders";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

export interface RejectTokenOrderInput {
  orderId: string;
  reason: string;
}

/** POST /api/admin/admin-orders/:id/reject {reason} → the order, rejected. */
export function rejectTokenOrder({ orderId, reason }: RejectTokenOrderInput): Promise<AdminTokenOrder> {
  return apiJson<AdminTokenOrder>("POST", `/api/admin/admin-orders/${encodeURIComponent(orderId)}/reject`, { reason });
}

export function useRejectTokenOrder() {
  return useInvalidatingMutation({
    mutationFn: rejectTokenOrder,
    invalidatesOnSettled: [ADMIN_QUERY_KEY],
  });
}
