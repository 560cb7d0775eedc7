import type { FiatPurchaseStatus, PaymentIntentRequest } from "@loop/rules/schemas/fiat-payments";
import { jsonCall } from "@/lib/api-client";

/**
 * POST /api/create-payment-intent {loopId, format, amount (total in cents as shown), paymentMethodId}.
 * With a saved card the server confirms at once: 201 completed, 200 requires_action (3-D Secure via
 * Stripe.js), 202 pending; 402 {message} when the card is declined.
 */
export const createPaymentIntent = jsonCall<PaymentIntentRequest, FiatPurchaseStatus>("POST", "/api/create-payment-intent");
