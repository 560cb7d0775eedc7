import type { FiatPurchaseStatus } from "@loop/rules/schemas/fiat-payments";
import { apiJson } from "@/lib/api-client";
import { usePurchaseMutation } from "./purchase-mutation";

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
  return usePurchaseMutation(loopId, capturePaypalOrder);
}
