// Paying by card (docs/product.md#card, Stripe PaymentIntents): the intent is created for the amount the server
// computes; the purchase is recorded only for an intent Stripe says succeeded for exactly that amount
// in USD, from whichever comes first: the confirmation call, the page's report or the webhook.
// A later chargeback (`charge.dispute.created`) or full refund (`charge.refunded`) revokes it
// (checkout/reverse-checkout.ts).
import { type FiatPurchaseStatus, type PaymentIntentRequest, type CardPurchaseRequest } from "@loop/rules/schemas/fiat-payments";
import Stripe from "stripe";
import type { AppDeps } from "../../deps";
import { consoleLogger } from "../../deps";
import { openCheckout, priceCheckout } from "../checkout/checkout-pricing";
import { checkoutStatus, closeCheckout, completeCheckout } from "../checkout/complete-checkout";
import { reverseCheckout, type ReportedReversal } from "../checkout/reverse-checkout";
import { ownPaymentMethod } from "../payment-methods/payment-methods.service";
import { createStripeClient } from "./stripe-client";
import { stripeCustomerId } from "./stripe-customer";
import { retrieveFromStripe, stripeGatewayError } from "./stripe-errors";
import { DomainError, isRefusal } from "../../domain-error";

type Checkout = { id: string; buyerId: string; loopId: string; format: string; status: string; providerRef: string | null };

/** Webhook events that say an intent moved; the intent is read again from Stripe either way. */
const INTENT_EVENTS = new Set([
  "payment_intent.succeeded",
  "payment_intent.processing",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
]);

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * The reversal a signed event reports, or null: a dispute (chargeback) of a charge, or a charge's
 * refunds (how much so far: a partial refund leaves the purchase alone). Both name the charge and
 * its PaymentIntent, which the checkout recorded at the sale.
 */
function reversalOf(event: Stripe.Event): ReportedReversal | null {
  if (event.type === "charge.dispute.created") {
    const dispute = event.data.object;
    return {
      provider: "stripe",
      paymentRef: idOf(dispute.charge),
      providerRef: idOf(dispute.payment_intent),
      reason: "dispute",
      reference: dispute.id,
    };
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object;
    const latest = charge.refunds?.data[0]?.id;
    return {
      provider: "stripe",
      paymentRef: charge.id,
      providerRef: idOf(charge.payment_intent),
      reason: "refund",
      reference: latest ?? charge.id,
      refundedCents: BigInt(charge.amount_refunded),
    };
  }
  return null;
}

/** What the checkout uses: the database, its provider's configuration, and the purchase's e-mails and log. */
export type CardCheckoutDeps = Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">;

export class CardCheckout {
  constructor(
    private readonly deps: CardCheckoutDeps,
    readonly stripe: Stripe | null,
  ) {}

  static fromDeps(deps: CardCheckoutDeps): CardCheckout {
    return new CardCheckout(deps, deps.config.stripe ? createStripeClient(deps.config.stripe) : null);
  }

  requireStripe(): Stripe {
    if (!this.stripe) throw new DomainError("CARD_PAYMENTS_UNAVAILABLE");
    return this.stripe;
  }

  /** POST /api/stripe/setup-intent: saving a card for later (Stripe.js confirms it in the page). */
  async createSetupIntent(userId: string): Promise<{ client_secret: string }> {
    const stripe = this.requireStripe();
    try {
      const customer = await stripeCustomerId(this.deps.prisma, stripe, userId);
      const intent = await stripe.setupIntents.create({
        customer,
        allowed_payment_method_types: ["card"],
        usage: "on_session",
        metadata: { userId },
      });
      return { client_secret: intent.client_secret! };
    } catch (error) {
      throw stripeGatewayError(error);
    }
  }

  /**
   * POST /api/create-payment-intent: with a saved card, confirmed at once (3-D Secure may still be
   * asked in the page); without one, the page confirms a new card with Stripe.js.
   */
  async createPaymentIntent(
    buyerId: string,
    { loopId, format, amount, paymentMethodId }: PaymentIntentRequest,
  ): Promise<FiatPurchaseStatus> {
    const stripe = this.requireStripe();
    const priced = await priceCheckout(this.deps.prisma, buyerId, {
      loopId,
      format,
      claimedTotalCents: amount === undefined ? null : BigInt(amount),
    });
    const card = paymentMethodId ? await ownPaymentMethod(this.deps.prisma, buyerId, paymentMethodId) : null;
    let customer: string;
    try {
      customer = await stripeCustomerId(this.deps.prisma, stripe, buyerId);
    } catch (error) {
      throw stripeGatewayError(error);
    }
    const checkout = await openCheckout(this.deps.prisma, "stripe", buyerId, priced);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.create(
        {
          amount: priced.totalCents,
          currency: "usd",
          customer,
          allowed_payment_method_types: ["card"],
          description: `${priced.loop.title} (${format.toUpperCase()})`,
          metadata: { checkoutId: checkout.id, loopId: priced.loop.id, format, buyerId },
          ...(card ? { payment_method: card.stripePaymentMethodId, confirm: true } : {}),
        },
        { idempotencyKey: `intent-${checkout.id}` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const failed = (error.raw as { payment_intent?: { id?: string } }).payment_intent?.id ?? null;
        await this.deps.prisma.checkout.update({
          where: { id: checkout.id },
          data: { providerRef: failed, status: "failed", failureReason: `${error.code ?? "card_error"}: ${error.message}` },
        });
        throw new DomainError("PAYMENT_DECLINED", { cardReason: error.message });
      }
      throw stripeGatewayError(error);
    }
    await this.deps.prisma.checkout.update({ where: { id: checkout.id }, data: { providerRef: intent.id } });
    return this.settle(stripe, { ...checkout, buyerId, loopId: priced.loop.id, format, status: "open", providerRef: intent.id }, intent);
  }

  /** POST /api/purchases {loopId, format, paymentIntentId}: the page confirmed the intent with Stripe.js. */
  async recordPurchase(buyerId: string, { loopId, format, paymentIntentId }: CardPurchaseRequest): Promise<FiatPurchaseStatus> {
    const stripe = this.requireStripe();
    const checkout = await this.deps.prisma.checkout.findUnique({
      where: { provider_providerRef: { provider: "stripe", providerRef: paymentIntentId } },
    });
    if (!checkout || checkout.buyerId !== buyerId || checkout.loopId !== loopId || checkout.format !== format)
      throw new DomainError("PAYMENT_NOT_FOUND");
    if (checkout.status === "completed") return checkoutStatus(this.deps, checkout.id);
    const status = await this.settle(stripe, checkout, await this.retrieve(stripe, paymentIntentId));
    if (status.status === "requires_action" || status.status === "requires_payment_method")
      throw new DomainError("PAYMENT_NOT_COMPLETED", { provider: "card" });
    return status;
  }

  /** POST /api/webhooks/stripe: the Stripe-Signature header is checked against the raw body. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const stripe = this.requireStripe();
    const secret = this.deps.config.stripe?.webhookSecret;
    if (!secret) throw new DomainError("WEBHOOK_NOT_CONFIGURED", { provider: "stripe" });
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? "", secret);
    } catch {
      throw new DomainError("WEBHOOK_SIGNATURE_INVALID");
    }
    const reversal = reversalOf(event);
    if (reversal) {
      // The signed event is Stripe's word (bad news needs no second opinion); replays change nothing.
      const outcome = await reverseCheckout(this.deps, reversal);
      (this.deps.logger ?? consoleLogger).info(`Stripe webhook ${event.type} ${event.id}: ${outcome.status}`);
      return;
    }
    if (!INTENT_EVENTS.has(event.type)) return;
    const intentId = (event.data.object as { id?: string }).id;
    if (!intentId) return;
    const checkout = await this.deps.prisma.checkout.findUnique({
      where: { provider_providerRef: { provider: "stripe", providerRef: intentId } },
    });
    if (!checkout || checkout.status === "completed" || checkout.status === "refunded" || checkout.status === "reversed") return;
    try {
      await this.settle(stripe, checkout, await this.retrieve(stripe, intentId));
    } catch (error) {
      // A refusal is recorded on the checkout; only Stripe being unreachable makes Stripe retry.
      if (isRefusal(error, "PAYMENT_PROVIDER_UNAVAILABLE")) throw error;
      (this.deps.logger ?? consoleLogger).warn(
        `Stripe webhook ${event.type} for ${intentId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private retrieve(stripe: Stripe, intentId: string): Promise<Stripe.PaymentIntent> {
    return retrieveFromStripe(() => stripe.paymentIntents.retrieve(intentId), "PAYMENT_NOT_FOUND");
  }

  private async settle(stripe: Stripe, checkout: Checkout, intent: Stripe.PaymentIntent): Promise<FiatPurchaseStatus> {
    const extra = { paymentIntentId: intent.id, clientSecret: intent.client_secret };
    if (intent.metadata?.checkoutId !== checkout.id) throw new DomainError("PAYMENT_NOT_FOUND");
    switch (intent.status) {
      case "succeeded":
        break;
      case "processing":
        await closeCheckout(this.deps, checkout.id, "pending", "the bank is confirming the payment");
        return checkoutStatus(this.deps, checkout.id, { ...extra, status: "pending" });
      case "requires_action":
        return checkoutStatus(this.deps, checkout.id, { ...extra, status: "requires_action" });
      case "requires_payment_method":
        if (intent.last_payment_error) {
          await closeCheckout(
            this.deps,
            checkout.id,
            "failed",
            `${intent.last_payment_error.code ?? "declined"}: ${intent.last_payment_error.message ?? ""}`,
          );
          throw new DomainError("PAYMENT_DECLINED", { cardReason: intent.last_payment_error.message ?? "Your card was declined." });
        }
        return checkoutStatus(this.deps, checkout.id, { ...extra, status: "requires_payment_method" });
      default:
        await closeCheckout(this.deps, checkout.id, "failed", `intent ${intent.status}`);
        throw new DomainError("PAYMENT_DECLINED", {});
    }
    const paymentRef = typeof intent.latest_charge === "string" ? intent.latest_charge : (intent.latest_charge?.id ?? intent.id);
    const outcome = await completeCheckout(this.deps, checkout.id, {
      amountCents: BigInt(intent.amount_received ?? intent.amount),
      currency: intent.currency,
      paymentRef,
    });
    if (outcome.status === "completed") return checkoutStatus(this.deps, checkout.id, extra);
    if (outcome.status === "mismatch") throw new DomainError("PAYMENT_MISMATCH");
    if (outcome.status === "reversed") throw new DomainError("PAYMENT_REVERSED");
    if (outcome.status === "owned") {
      try {
        await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `refund-${checkout.id}` });
      } catch (error) {
        throw stripeGatewayError(error);
      }
      await closeCheckout(this.deps, checkout.id, "refunded", "the buyer owned the loop already: payment refunded");
    }
    throw new DomainError("ALREADY_PURCHASED_REFUNDED");
  }
}
