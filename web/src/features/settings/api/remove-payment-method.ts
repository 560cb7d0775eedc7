import { apiRequest } from "@/lib/api-client";
import { PAYMENT_METHODS_QUERY_KEY } from "@/lib/get-payment-methods";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** DELETE /api/payment-methods/:id → 204 (no body). */
export async function removePaymentMethod(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/payment-methods/${encodeURIComponent(id)}`);
}

export function useRemovePaymentMethod() {
  return useInvalidatingMutation({
    mutationFn: removePaymentMethod,
    // Refetch rather than edit the cache: removing the default may make the server pick another default.
    invalidatesOnSuccess: [PAYMENT_METHODS_QUERY_KEY],
  });
}
