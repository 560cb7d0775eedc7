import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { useState } from "react";
import { LoadError } from "@/components/ui/load-error";
import { useClientConfig } from "@/lib/client-config";
import { formatUsdCents } from "@/lib/loop-amounts";
import { useCapturePaypalOrder } from "../api/capture-paypal-order";
import { usePaypalSetup } from "../api/get-paypal-setup";
import type { PaymentPanelProps } from "../lib/payment-panels";
import { PAYPAL_TEXTS, paypalCheckoutHandlers } from "../lib/paypal-checkout";
import { PanelStatus } from "./panel-status";

/**
 * Paying with PayPal (Orders v2, intent CAPTURE, USD): the total is the server's, checked when the
 * order is created and again when PayPal captures it (lib/paypal-checkout.ts). The SDK script loads
 * only once this tab is opened and PayPal is configured.
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
