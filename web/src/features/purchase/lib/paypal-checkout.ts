/**
 * Paying with PayPal (Orders v2, intent CAPTURE, USD; docs/product.md#purchases): the PayPal buttons'
 * callbacks as plain functions, testable without the SDK. createOrder asks the server for an order
 * of the total shown; onApprove captures it on the server, which records the purchase only once
 * PayPal says it completed; a failure is toasted once, with the server's reason when there is one.
 */
import type { Format } from "@loop/rules/fees";
import type { FiatPurchaseStatus } from "@loop/rules/schemas/fiat-payments";
import type { Purchase } from "@loop/rules/schemas/purchases";
import { formatUsd } from "@loop/rules/units";
import type { PayPalButtonsComponentProps } from "@paypal/react-paypal-js";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { toast, type ToastInput } from "@/lib/toast";
import { createPaypalOrder } from "../api/create-paypal-order";
import { fiatOutcome } from "./fiat-outcome";

export const PAYPAL_TEXTS = {
  notConfigured: "PayPal is not configured on this marketplace.",
  loadFailed: "PayPal could not be loaded. Check your connection or pick another way to pay.",
  pending: "PayPal is confirming your payment. Your files arrive by e-mail once it completes.",
} as const;

/** docs/product.md#purchase-errors. */
export const PAYPAL_FAILED_FALLBACK = "Failed to process your PayPal payment. Please try again.";

export const paypalFailedToast = (description: string): ToastInput => ({
  title: "PayPal Payment Failed",
  description,
  variant: "destructive",
});

export interface PaypalCheckoutDeps {
  loopId: string;
  format: Format;
  totalCents: bigint;
  /** POST /paypal/order/:id/capture (the panel passes its mutation, which locks the dialog). */
  capture: (orderId: string) => Promise<FiatPurchaseStatus>;
  onPurchased: (purchase: Purchase) => void;
  /** PayPal holds the capture: a webhook records the purchase later. */
  onPending: () => void;
  /** A 401: the dialog applies its rule (log in again). */
  onUnauthorized: (error: unknown) => void;
  /**
   * Whether this attempt's failure was already shown. It outlives a render: the SDK calls onError
   * after a rejected createOrder, and the toast with the server's reason must not be replaced by
   * the generic one.
   */
  reported: { current: boolean };
}

/** The PayPal buttons' createOrder, onApprove and onError for one panel. */
export function paypalCheckoutHandlers(
  deps: PaypalCheckoutDeps,
): Required<Pick<PayPalButtonsComponentProps, "createOrder" | "onApprove" | "onError">> {
  const report = (error: unknown) => {
    deps.reported.current = true;
    if (errorStatus(error) === 401) deps.onUnauthorized(error);
    else toast(paypalFailedToast(getServerMessage(error, PAYPAL_FAILED_FALLBACK)));
  };

  return {
    createOrder: async () => {
      deps.reported.current = false;
      try {
        const order = await createPaypalOrder({ loopId: deps.loopId, format: deps.format, amount: formatUsd(deps.totalCents) });
        return order.id;
      } catch (error) {
        report(error);
        // Rethrown so that the SDK closes its window instead of waiting for an order id.
        throw error;
      }
    },
    onApprove: async (data) => {
      try {
        const outcome = fiatOutcome(await deps.capture(data.orderID));
        if (outcome.state === "completed") deps.onPurchased(outcome.purchase);
        else if (outcome.state === "pending") deps.onPending();
        else report(null);
      } catch (error) {
        // Not rethrown: the SDK would call onError and toast a second time.
        report(error);
      }
    },
    onError: () => {
      // The SDK's own errors carry no text meant for buyers: the spec's generic text is shown.
      if (deps.reported.current) deps.reported.current = false;
      else toast(paypalFailedToast(PAYPAL_FAILED_FALLBACK));
    },
  };
}
