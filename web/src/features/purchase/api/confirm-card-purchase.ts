import type { DeliveryFormat } from "@loop/rules/schemas/downloads";
import type { FiatPurchaseStatus } from "@loop/rules/schemas/fiat-payments";
import { jsonCall } from "@/lib/api-client";

export interface ConfirmCardPurchaseInput {
  loopId: string;
  format: DeliveryFormat;
  paymentIntentId: string;
}

/**
 * POST /api/purchases {loopId, format, paymentIntentId}: after Stripe.js finished a card payment
 * (3-D Secure), the server asks Stripe whether it succeeded and records the purchase. Same answers
 * as the payment intent (completed / pending).
 */
export const confirmCardPurchase = jsonCall<ConfirmCardPurchaseInput, FiatPurchaseStatus>("POST", "/api/purchases");
