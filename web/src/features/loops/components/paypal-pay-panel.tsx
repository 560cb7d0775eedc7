import type { Format } from "@loop/rules/fees";
import type { FiatPurchaseStatus } from "@loop/rules/schemas/fiat-payments";
import type { Purchase } from "@loop/rules/schemas/purchases";
import { formatUsd } from "@loop/rules/units";
import { PayPalButtons, type PayPalButtonsComponentProps, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { useState } from "react";
import { LoadError } from "@/components/ui/load-error";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useClientConfig } from "@/lib/client-config";
import { formatUsdCents } from "@/lib/loop-amounts";
import { toast, type ToastInput } from "@/lib/toast";
import { useCapturePaypalOrder } from "../api/capture-paypal-order";
import { createPaypalOrder } from "../api/create-paypal-order";
import { usePaypalSetup } from "../api/get-paypal-setup";
import type { PaymentPanelProps } from "./payment-panels";
import { PanelStatus } from "./panel-status";

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

/**
 * The PayPal buttons' callbacks, as plain functions (testable without the SDK): createOrder asks
 * the server for an order of the total shown; onApprove captures it on the server, which records
 * the purchase only once PayPal says it completed.
 */
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
        const status = await deps.capture(data.orderID);
        if (status.status === "completed" && status.purchase) deps.onPurchased(status.purchase);
        else if (status.status === "pending") deps.onPending();
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

/**
 * Paying with PayPal (Orders v2, intent CAPTURE, USD): the total is the server's, checked when the
 * order is created and again when PayPal captures it. The SDK script loads only once this tab is
 * opened and PayPal is configured.
 */
export function PaypalPayPanel(props: PaymentPanelProps) {
  const config = useClientConfig();
  const paypal = config.data?.paypal ?? null;
  const setup = usePaypalSetup(paypal !== null);

  if (config.isPending) return <PanelStatus loading>Loading PayPal…</PanelStatus>;
  if (config.isError) return <LoadError message="The payment settings could not be loaded." onRetry={() => void config.refetch()} />;
  if (paypal === null) return <PanelStatus>{PAYPAL_TEXTS.notConfigured}</PanelStatus>;
  if (setup.isPending) return <PanelStatus loading>Loading PayPal…</PanelStatus>;
  if (setup.isError) return <LoadError message={PAYPAL_TEXTS.loadFailed} onRetry={() => void setup.refetch()} />;
  const clientId = setup.data.clientId ?? paypal.clientId;
  if (!setup.data.configured || !clientId) return <PanelStatus>{PAYPAL_TEXTS.notConfigured}</PanelStatus>;

  return (
    <PayPalScriptProvider options={{ clientId, currency: "USD", intent: "capture" }}>
      <PaypalCheckout {...props} />
    </PayPalScriptProvider>
  );
}

function PaypalCheckout({ loop, quote, onPurchased, onFailed }: PaymentPanelProps) {
  const [{ isPending: scriptLoading, isRejected: scriptFailed }] = usePayPalScriptReducer();
  const capture = useCapturePaypalOrder(loop.id);
  const [pending, setPending] = useState(false);
  // One box for the panel's life: the handlers are rebuilt on every render but share it between the SDK's calls.
  const [reported] = useState(() => ({ current: false }));

  const handlers = paypalCheckoutHandlers({
    loopId: loop.id,
    format: quote.format,
    totalCents: quote.totalCents,
    capture: (orderId) => capture.mutateAsync(orderId),
    onPurchased,
    onPending: () => setPending(true),
    onUnauthorized: onFailed,
    reported,
  });

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Pay <span className="font-mono font-semibold text-foreground tabular-nums">{formatUsdCents(quote.totalCents)}</span> with your
        PayPal account or a card through PayPal.
      </p>
      {scriptFailed ? (
        <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          {PAYPAL_TEXTS.loadFailed}
        </p>
      ) : pending ? (
        // The payment is under way at PayPal: no buttons, so that it is not paid twice.
        <p role="status" className="rounded-lg border border-border bg-surface/60 px-3 py-2 text-sm">
          {PAYPAL_TEXTS.pending}
        </p>
      ) : scriptLoading ? (
        <PanelStatus loading>Loading PayPal…</PanelStatus>
      ) : (
        <>
          {capture.isPending ? <PanelStatus loading>Completing your PayPal payment…</PanelStatus> : null}
          <PayPalButtons style={{ layout: "vertical", label: "pay" }} disabled={capture.isPending} {...handlers} />
        </>
      )}
    </div>
  );
}
