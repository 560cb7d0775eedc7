/**
 * Paying with a saved card (Stripe, docs/product.md#purchases): the server confirms the
 * PaymentIntent at once; when the bank asks for 3-D Secure, Stripe.js (loaded from js.stripe.com
 * only then) runs it and the server checks the intent with Stripe and records the purchase. The
 * page never records anything itself. One payment at a time under the purchase's mutation key; the
 * loop lists and the saved cards are fetched again afterwards.
 */
import type { Format } from "@loop/rules/fees";
import type { FiatPurchaseStatus, PaymentMethod } from "@loop/rules/schemas/fiat-payments";
import type { Stripe } from "@stripe/stripe-js";
import { PAYMENT_METHODS_QUERY_KEY } from "@/lib/get-payment-methods";
import { confirmCardPurchase } from "../api/confirm-card-purchase";
import { createPaymentIntent } from "../api/create-payment-intent";
import { usePurchaseMutation } from "../api/purchase-mutation";
import { PaymentFailedError } from "./payment-panels";

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

/** The viewer's pick while it is still saved; otherwise the default card (the list puts it first); null without cards. */
export function selectedCard(cards: readonly PaymentMethod[], chosen: string | null): PaymentMethod | null {
  return cards.find((card) => card.id === chosen) ?? cards.find((card) => card.isDefault) ?? cards[0] ?? null;
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

export interface CardPaymentInput {
  loopId: string;
  format: Format;
  totalCents: bigint;
  paymentMethodId: string;
  publishableKey: string;
}

/** Pays the total shown with a saved card, through 3-D Secure when the bank asks for it. */
export async function payWithSavedCard({
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

/** The card payment as the purchase's mutation: the dialog stays open and the format locked meanwhile. */
export function useCardPayment(loopId: string) {
  return usePurchaseMutation(loopId, payWithSavedCard, [PAYMENT_METHODS_QUERY_KEY]);
}
