import type { Format } from "@loop/rules/fees";
import { paths } from "@loop/rules/paths";
import type { FiatPurchaseStatus, PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import type { Stripe } from "@stripe/stripe-js";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CreditCard, Loader2, Settings } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { useClientConfig } from "@/lib/client-config";
import { PAYMENT_METHODS_QUERY_KEY, usePaymentMethods } from "@/lib/get-payment-methods";
import { formatUsdCents } from "@/lib/loop-amounts";
import { cn } from "@/lib/utils";
import { confirmCardPurchase } from "../api/confirm-card-purchase";
import { createPaymentIntent } from "../api/create-payment-intent";
import { purchaseMutationKey } from "../api/create-purchase";
import { LOOPS_QUERY_KEY } from "../api/get-loops";
import { PanelStatus } from "./panel-status";
import { PaymentFailedError, type PaymentPanelProps } from "./payment-panels";

export const CARD_TEXTS = {
  notConfigured: "Card payments are not configured on this marketplace.",
  noCard: "No saved card yet.",
  addCard: "Add a card in Settings",
  pending: "Your bank is confirming the payment. Your files arrive by e-mail once it completes.",
  stripeUnavailable: "Card verification could not be loaded. Check your connection or pick another way to pay.",
  notCompleted: "The card payment was not completed. Please try again or pick another card.",
} as const;

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** "Visa •••• 4242 · 12/34". */
export function cardLabel(card: Pick<PaymentMethod, "brand" | "last4" | "expMonth" | "expYear">): string {
  const brand = BRAND_NAMES[card.brand.toLowerCase()] ?? (card.brand ? card.brand[0]!.toUpperCase() + card.brand.slice(1) : "Card");
  const month = String(card.expMonth).padStart(2, "0");
  const year = String(card.expYear % 100).padStart(2, "0");
  return `${brand} •••• ${card.last4} · ${month}/${year}`;
}

/** One Stripe.js per publishable key (Stripe asks for a single instance); a failed load is tried again next time. */
const stripes = new Map<string, Promise<Stripe>>();

function loadStripeFor(publishableKey: string): Promise<Stripe> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    // The pure entry loads Stripe.js from js.stripe.com only now: pages that never need 3-D Secure never fetch it.
    stripe = import("@stripe/stripe-js/pure")
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((loaded) => {
        if (!loaded) throw new Error("Stripe.js is not available");
        return loaded;
      })
      .catch((error: unknown) => {
        stripes.delete(publishableKey);
        throw new PaymentFailedError(CARD_TEXTS.stripeUnavailable, { cause: error });
      });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface CardPaymentInput {
  loopId: string;
  format: Format;
  totalCents: bigint;
  paymentMethodId: string;
  publishableKey: string;
}

/**
 * Pays with a saved card: the server confirms the PaymentIntent at once; when the bank asks for
 * 3-D Secure, Stripe.js runs it and the server then checks the intent with Stripe and records the
 * purchase. Never records anything itself.
 */
async function payWithSavedCard({
  loopId,
  format,
  totalCents,
  paymentMethodId,
  publishableKey,
}: CardPaymentInput): Promise<FiatPurchaseStatus> {
  const intent = await createPaymentIntent({ loopId, format, amount: Number(totalCents), paymentMethodId });
  if (intent.status !== "requires_action") return intent;
  if (!intent.clientSecret || !intent.paymentIntentId) throw new PaymentFailedError(CARD_TEXTS.notCompleted);
  const stripe = await loadStripeFor(publishableKey);
  const result = await stripe.handleNextAction({ clientSecret: intent.clientSecret });
  // Stripe's message says why (e.g. the authentication failed): it is shown under 'Purchase Failed'.
  if (result.error) throw new PaymentFailedError(result.error.message ?? CARD_TEXTS.notCompleted);
  return confirmCardPurchase({ loopId, format, paymentIntentId: intent.paymentIntentId });
}

/**
 * Paying with a saved card (Stripe): the viewer's cards (Settings manages them) with the default
 * chosen, and Pay for the total the dialog shows; the server charges its own total and refuses a
 * different one.
 */
export function CardPayPanel({ loop, quote, onPurchased, onFailed, onClose }: PaymentPanelProps) {
  const queryClient = useQueryClient();
  const config = useClientConfig();
  const stripe = config.data?.stripe ?? null;
  const methods = usePaymentMethods(stripe !== null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // The same mutation key as the other ways to pay: the dialog stays open and the format locked meanwhile.
  const payment = useMutation({
    mutationKey: purchaseMutationKey(loop.id),
    mutationFn: payWithSavedCard,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: LOOPS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY });
    },
  });

  if (config.isPending) return <PanelStatus loading>Loading…</PanelStatus>;
  if (config.isError) return <LoadError message="The payment settings could not be loaded." onRetry={() => void config.refetch()} />;
  if (stripe === null) return <PanelStatus>{CARD_TEXTS.notConfigured}</PanelStatus>;
  if (methods.isPending) return <PanelStatus loading>Loading your saved cards…</PanelStatus>;
  if (methods.isError) return <LoadError message="Your saved cards could not be loaded." onRetry={() => void methods.refetch()} />;

  const cards = methods.data;
  // The viewer's pick while it is still saved; otherwise the default card (the list puts it first).
  const selected = cards.find((card) => card.id === chosen) ?? cards.find((card) => card.isDefault) ?? cards[0] ?? null;
  const busy = payment.isPending;

  const pay = () => {
    if (!selected || busy) return;
    setPending(false);
    payment.mutate(
      {
        loopId: loop.id,
        format: quote.format,
        totalCents: quote.totalCents,
        paymentMethodId: selected.id,
        publishableKey: stripe.publishableKey,
      },
      {
        onSuccess: (status) => {
          if (status.status === "completed" && status.purchase) onPurchased(status.purchase);
          else if (status.status === "pending") setPending(true);
          else onFailed(new PaymentFailedError(CARD_TEXTS.notCompleted));
        },
        onError: onFailed,
      },
    );
  };

  if (!selected) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-3 py-2 text-sm">
        <p className="text-muted-foreground">{CARD_TEXTS.noCard}</p>
        <Button asChild size="sm" variant="outline">
          <Link to={paths.settings()} onClick={onClose}>
            <Settings aria-hidden />
            {CARD_TEXTS.addCard}
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2" disabled={busy}>
        <legend className="mb-2 text-sm font-semibold">Saved cards</legend>
        {cards.map((card) => {
          const checked = card.id === selected.id;
          return (
            <label
              key={card.id}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                checked ? "border-primary bg-primary/10" : "border-border hover:border-primary/50",
              )}
            >
              <input
                type="radio"
                name={`purchase-card-${loop.id}`}
                value={card.id}
                checked={checked}
                onChange={() => setChosen(card.id)}
                className="accent-primary"
              />
              <CreditCard className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="font-mono tabular-nums">{cardLabel(card)}</span>
              {card.isDefault ? <span className="ml-auto text-xs text-muted-foreground">Default</span> : null}
            </label>
          );
        })}
      </fieldset>
      <Link to={paths.settings()} onClick={onClose} className="text-xs text-muted-foreground underline-offset-2 hover:underline">
        Manage cards in Settings
      </Link>

      {pending ? (
        <p role="status" className="rounded-lg border border-border bg-surface/60 px-3 py-2 text-sm">
          {CARD_TEXTS.pending}
        </p>
      ) : null}

      {/* After 'pending' the bank is still deciding: paying again could charge twice. */}
      <Button className="w-full" disabled={busy || pending} onClick={pay}>
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <CreditCard aria-hidden />}
        {busy ? "Paying..." : `Pay ${formatUsdCents(quote.totalCents)}`}
      </Button>
    </div>
  );
}
