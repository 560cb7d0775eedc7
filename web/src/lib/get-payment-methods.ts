/** GET /api/payment-methods: the viewer's saved cards (default first). Settings manages them; the Card tab pays with them. */
import type { PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "./json-query";

export const PAYMENT_METHODS_QUERY_KEY = ["/api/payment-methods"] as const;

export const paymentMethodsQueryOptions = jsonQueryOptions<PaymentMethod[]>(PAYMENT_METHODS_QUERY_KEY, "/api/payment-methods");

export function usePaymentMethods(enabled = true) {
  return useQuery({ ...paymentMethodsQueryOptions, enabled });
}
