import type { AddPaymentMethodRequest, PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import { jsonCall } from "@/lib/api-client";
import { PAYMENT_METHODS_QUERY_KEY } from "@/lib/get-payment-methods";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** POST /api/payment-methods: saves a card Stripe.js confirmed (201; 409 when it is already saved). */
export const addPaymentMethod = jsonCall<AddPaymentMethodRequest, PaymentMethod>("POST", "/api/payment-methods");

export function useAddPaymentMethod() {
  return useInvalidatingMutation({
    mutationFn: addPaymentMethod,
    invalidatesOnSuccess: [PAYMENT_METHODS_QUERY_KEY],
  });
}
