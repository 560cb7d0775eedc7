import type { PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
// The "pure" entry fetches Stripe.js only when loadStripe is called (when the dialog opens),
// not as a side effect of importing this module with the settings page.
import { loadStripe } from "@stripe/stripe-js/pure";
import { useQuery } from "@tanstack/react-query";
import { CreditCard, Plus, Star, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/form-dialog";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, getServerMessage } from "@/lib/api-client";
import { useClientConfig } from "@/lib/client-config";
import { usePaymentMethods } from "@/lib/get-payment-methods";
import { toast, type ToastInput } from "@/lib/toast";
import { useAddPaymentMethod } from "../api/add-payment-method";
import { useCreateSetupIntent } from "../api/create-setup-intent";
import { useRemovePaymentMethod } from "../api/remove-payment-method";
import { useSetDefaultPaymentMethod } from "../api/set-default-payment-method";
import { SettingsCard } from "./settings-card";

/** docs/product.md#purchase-errors toasts for this card. */
export const PAYMENT_METHOD_TOASTS = {
  removed: { title: "Payment method removed", variant: "success" },
  removeFailed: { title: "Error", description: "Failed to remove payment method. Please try again.", variant: "destructive" },
  defaultUpdated: { title: "Default payment method updated", variant: "success" },
  defaultFailed: { title: "Error", description: "Failed to update default payment method.", variant: "destructive" },
  cardAdded: { title: "Card Added", description: "Your card has been saved.", variant: "success" },
} as const satisfies Record<string, ToastInput>;

export const ADD_CARD_FAILED = "Failed to add payment method.";
export const CARD_NOT_CONFIGURED = "Card payments are not configured on this marketplace.";

/** docs/product.md#settings: the other options are shown but only cards work yet. */
export const OTHER_METHODS = ["PayPal", "$LOOP tokens", "Wise", "Revolut", "Skrill"] as const;

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  american_express: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  cartes_bancaires: "Cartes Bancaires",
  eftpos_au: "eftpos Australia",
  link: "Link",
};

/** Stripe's brand code (visa, amex, …) as people write it; an unknown code is shown capitalised. */
export function brandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()];
  if (known) return known;
  if (!brand || brand === "unknown") return "Card";
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** "MM/YY" as printed on the card. */
export function expiry(month: number, year: number): string {
  return `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;
}

/** Payment Methods: saved cards (remove, set default), adding a card with Stripe, and the not-yet-available methods. */
export function PaymentMethodsCard() {
  const methods = usePaymentMethods();
  const config = useClientConfig();
  const remove = useRemovePaymentMethod();
  const setDefault = useSetDefaultPaymentMethod();
  const [addOpen, setAddOpen] = useState(false);

  // undefined while /api/config loads; null when the marketplace has no Stripe keys.
  const stripeConfig = config.data ? config.data.stripe : undefined;
  const cards = methods.data ?? [];

  function removeCard(id: string) {
    remove.mutate(id, {
      onSuccess: () => toast(PAYMENT_METHOD_TOASTS.removed),
      onError: () => toast(PAYMENT_METHOD_TOASTS.removeFailed),
    });
  }

  function makeDefault(id: string) {
    setDefault.mutate(id, {
      onSuccess: () => toast(PAYMENT_METHOD_TOASTS.defaultUpdated),
      onError: () => toast(PAYMENT_METHOD_TOASTS.defaultFailed),
    });
  }

  // Only one change at a time: a second one on a list that is being refetched could act on stale rows.
  const busy = remove.isPending || setDefault.isPending;

  return (
    <SettingsCard icon={CreditCard} title="Payment Methods" description="Cards saved to your account for buying loops.">
      {methods.isPending ? (
        <div className="grid gap-2" data-testid="payment-methods-loading">
          <span className="sr-only" role="status">
            Loading payment methods
          </span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : methods.isError ? (
        <LoadError message="Payment methods could not be loaded." onRetry={() => void methods.refetch()} />
      ) : cards.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">No payment methods yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Saved payment methods">
          {cards.map((card) => (
            <PaymentMethodRow
              key={card.id}
              card={card}
              busy={busy}
              removing={remove.isPending && remove.variables === card.id}
              settingDefault={setDefault.isPending && setDefault.variables === card.id}
              onRemove={() => removeCard(card.id)}
              onSetDefault={() => makeDefault(card.id)}
            />
          ))}
        </ul>
      )}

      <div className="grid gap-2">
        <div>
          <Button onClick={() => setAddOpen(true)} disabled={!stripeConfig}>
            <Plus aria-hidden />
            Add card
          </Button>
        </div>
        {stripeConfig === null ? <p className="text-sm text-muted-foreground">{CARD_NOT_CONFIGURED}</p> : null}
      </div>
      {stripeConfig ? (
        <AddCardDialog
          open={addOpen}
          onOpenChange={setAddOpen}
          publishableKey={stripeConfig.publishableKey}
          // The contract's first card becomes the default; saying so keeps the answer the same if the list is stale.
          isFirstCard={methods.isSuccess && cards.length === 0}
        />
      ) : null}

      <div className="grid gap-2 border-t border-border pt-4">
        <h3 className="text-sm font-semibold">Other methods</h3>
        <div className="flex flex-wrap gap-2">
          {OTHER_METHODS.map((name) => (
            <Button
              key={name}
              variant="outline"
              size="sm"
              onClick={() => toast({ title: "Coming Soon", description: `${name} payments are coming soon.` })}
            >
              {name}
            </Button>
          ))}
        </div>
      </div>
    </SettingsCard>
  );
}

interface PaymentMethodRowProps {
  card: PaymentMethod;
  busy: boolean;
  removing: boolean;
  settingDefault: boolean;
  onRemove: () => void;
  onSetDefault: () => void;
}

function PaymentMethodRow({ card, busy, removing, settingDefault, onRemove, onSetDefault }: PaymentMethodRowProps) {
  const name = brandName(card.brand);
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface/60 px-4 py-3"
      aria-label={`${name} ending in ${card.last4}`}
    >
      <CreditCard className="size-5 text-muted-foreground" aria-hidden />
      <div className="flex flex-1 flex-col">
        <span className="flex items-center gap-2 text-sm font-medium">
          {name} <span className="font-mono">•••• {card.last4}</span>
          {card.isDefault ? <Badge variant="success">Default</Badge> : null}
        </span>
        <span className="text-xs text-muted-foreground">Expires {expiry(card.expMonth, card.expYear)}</span>
      </div>
      <div className="flex gap-2">
        {card.isDefault ? null : (
          <Button variant="outline" size="sm" onClick={onSetDefault} disabled={busy}>
            <Star aria-hidden />
            {settingDefault ? "Saving…" : "Set as default"}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={busy}>
          <Trash2 aria-hidden />
          {removing ? "Removing…" : "Remove"}
        </Button>
      </div>
    </li>
  );
}

interface AddCardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  publishableKey: string;
  isFirstCard: boolean;
}

function AddCardDialog({ open, onOpenChange, publishableKey, isFirstCard }: AddCardDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeading
          title="Add card"
          description="Your card details go straight to Stripe; this marketplace keeps only the brand, last 4 digits and expiry."
        />
        {/* Mounted only while open, so Stripe.js is fetched on first use, not with the page. */}
        {open ? <StripeCardForm publishableKey={publishableKey} isFirstCard={isFirstCard} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** Loads Stripe.js once per key; the query cache keeps the instance (Stripe asks for a single instance per page). */
function useStripeJs(publishableKey: string) {
  return useQuery({
    queryKey: ["stripe-js", publishableKey],
    queryFn: async (): Promise<Stripe> => {
      const stripe = await loadStripe(publishableKey);
      // null only outside a browser; treat it like a failed script load.
      if (!stripe) throw new Error("Stripe.js is unavailable");
      return stripe;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

function StripeCardForm({ publishableKey, isFirstCard, onDone }: { publishableKey: string; isFirstCard: boolean; onDone: () => void }) {
  const stripeJs = useStripeJs(publishableKey);
  if (stripeJs.isPending) {
    return (
      <div className="mt-6 flex justify-center">
        <Spinner label="Loading the card form" />
      </div>
    );
  }
  if (stripeJs.isError) {
    return <LoadError className="mt-6" message="The card form (Stripe.js) could not be loaded." onRetry={() => void stripeJs.refetch()} />;
  }
  return (
    <Elements stripe={stripeJs.data}>
      <CardForm isFirstCard={isFirstCard} onDone={onDone} />
    </Elements>
  );
}

/** Stripe.js refused the card (declined, incomplete number, 3-D Secure failed); its message is for the user. */
class StripeCardError extends Error {
  override readonly name = "StripeCardError";
}

/** The toast text for a failed add: Stripe's or the server's message, else the spec's fallback. */
function addCardErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return getServerMessage(error, ADD_CARD_FAILED);
  if (error instanceof StripeCardError) return error.message || ADD_CARD_FAILED;
  // Network and other unexpected errors carry text not meant for people ("Failed to fetch").
  return ADD_CARD_FAILED;
}

function CardForm({ isFirstCard, onDone }: { isFirstCard: boolean; onDone: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const createSetupIntent = useCreateSetupIntent();
  const addPaymentMethod = useAddPaymentMethod();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setSubmitting(true);
    try {
      const { client_secret: clientSecret } = await createSetupIntent.mutateAsync();
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) throw new StripeCardError(result.error.message ?? "");
      const paymentMethod = result.setupIntent.payment_method;
      const stripePaymentMethodId = typeof paymentMethod === "string" ? paymentMethod : paymentMethod?.id;
      if (!stripePaymentMethodId) throw new Error("SetupIntent has no payment method");
      await addPaymentMethod.mutateAsync({ stripePaymentMethodId, type: "card", isDefault: isFirstCard });
      toast(PAYMENT_METHOD_TOASTS.cardAdded);
      onDone();
    } catch (error) {
      toast({ title: "Error", description: addCardErrorMessage(error), variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <DialogForm
      className="mt-6"
      onSubmit={(event) => void submit(event)}
      pending={submitting}
      submitDisabled={!stripe || !elements}
      submitLabel="Save card"
      pendingLabel="Saving card…"
      submitClassName="w-full"
    >
      <div className="rounded-md border border-border bg-surface/60 px-3 py-3" data-testid="card-element">
        <CardElement
          options={{
            style: { base: { color: "#f4f4f5", fontSize: "16px", "::placeholder": { color: "#a1a1aa" } }, invalid: { color: "#fda4af" } },
          }}
        />
      </div>
    </DialogForm>
  );
}
