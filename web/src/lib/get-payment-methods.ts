/** GET /api/payment-methods: the viewer's saved cards (default first). Settings manages them; the Card tab pays with them. */
import type { PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "./api-client";

export const PAYMENT_METHODS_QUERY_KEY = ["/api/payment-methods"] as const;

export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  return apiJson<PaymentMethod[]>("GET", "/api/payment-methods", undefined, { signal });
}

export const paymentMethodsQueryOptions = queryOptions({
  queryKey: PAYMENT_METHODS_QUERY_KEY,
  queryFn: ({ signal }) => getPaymentMethods(signal),
});

export function usePaymentMethods(enabled = true) {
  return useQuery({ ...paymentMethodsQueryOptions, enabled });
}
