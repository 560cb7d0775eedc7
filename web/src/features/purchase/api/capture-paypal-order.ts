import type { FiatPurchaseStatus } from "@loop/rules/schemas/fiat-payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { purchaseMutationKey } from "./create-purchase";

/**
 * POST /paypal/order/:id/capture (no body) → 200 {status: "completed", purchase} or 202 {status:
 * "pending"} (PayPal holds the capture; a webhook records it later). 402 declined, 409 already owned.
 */
export function capturePaypalOrder(orderId: string): Promise<FiatPurchaseStatus> {
  return apiJson<FiatPurchaseStatus>("POST", `/paypal/order/${encodeURIComponent(orderId)}/capture`);
}

/**
 * The purchase's mutation key, so the dialog locks the format and the tabs while the capture runs.
 * The loop lists are fetched again whatever the answer (a 409 'already owned' also means they were stale).
 */
export function useCapturePaypalOrder(loopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchaseMutationKey(loopId),
    mutationFn: capturePaypalOrder,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LOOPS_QUERY_KEY }),
  });
}
