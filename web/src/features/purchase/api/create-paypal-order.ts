import type { DeliveryFormat } from "@loop/rules/schemas/downloads";
import type { PaypalOrder } from "@loop/rules/schemas/fiat-payments";
import { apiJson } from "@/lib/api-client";

export interface CreatePaypalOrderInput {
  loopId: string;
  format: DeliveryFormat;
  /** The total the dialog shows, in USD ("5.09"): the server refuses it (400) when its own total differs. */
  amount: string;
}

/**
 * POST /paypal/order → 201 {id, amount, currency}. Called from the PayPal buttons' createOrder, which
 * wants the order id; a plain function rather than a mutation because the SDK owns when it runs.
 */
export function createPaypalOrder({ loopId, format, amount }: CreatePaypalOrderInput): Promise<PaypalOrder> {
  return apiJson<PaypalOrder>("POST", "/paypal/order", { loopId, format, amount, currency: "USD", intent: "CAPTURE" });
}
