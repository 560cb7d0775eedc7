import type { PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import { apiJson } from "@/lib/api-client";
import { PAYMENT_METHODS_QUERY_KEY } from "@/lib/get-payment-methods";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** PUT /api/payment-methods/:id/default → 200 with the card, now the default. */
export function setDefaultPaymentMethod(id: string): Promise<PaymentMethod> {
  return apiJson<PaymentMethod>("PUT", `/api/payment-methods/${encodeURIComponent(id)}/default`);
}

export function useSetDefaultPaymentMethod() {
  return useInvalidatingMutation({
    mutationFn: setDefaultPaymentMethod,
    // Refetch: the server unmarks the previous default and reorders the list (default first).
    invalidatesOnSuccess: [PAYMENT_METHODS_QUERY_KEY],
  });
}
