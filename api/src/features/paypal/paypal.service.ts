// Paying with PayPal (docs/product.md#paypal, Orders v2): the server creates the order for the amount it computes,
// captures it, and records the purchase only when PayPal's own answer (never the page's) says the
// capture completed for exactly that amount in USD. A closed browser is covered by the webhook.
// A later reversal (`PAYMENT.CAPTURE.REVERSED`, a chargeback) or full refund
// (`PAYMENT.CAPTURE.REFUNDED`) revokes it (checkout/reverse-checkout.ts).
import {
  type FiatPurchaseStatus,
  type PaypalOrder,
  type PaypalSetup,
  type PaypalOrderRequest,
  type PaypalPurchaseRequest,
} from "@loop/rules/schemas/fiat-payments";
import type { Format } from "@loop/rules/fees";
import { formatUsd, parseUsd } from "@loop/rules/units";
import { ownedPurchase } from "../purchases/record-purchase";
import type { AppDeps } from "../../deps";
import { consoleLogger } from "../../deps";
import { openCheckout, priceCheckout } from "../checkout/checkout-pricing";
import { checkoutStatus, closeCheckout, completeCheckout } from "../checkout/complete-checkout";
import { reverseCheckout, type ReportedReversal } from "../checkout/reverse-checkout";
import { captureOf, PaypalApiError, PaypalClient, PaypalUnavailable, type PaypalOrderDetails, type WebhookHeaders } from "./paypal-client";
import { DomainError, isRefusal } from "../../domain-error";

type Checkout = { id: string; buyerId: string; loopId: string; format: string; status: string; providerRef: string | null };

/** PayPal's refusals that are the buyer's to fix, with what to tell them. */
const DECLINED_ISSUES = new Set(["INSTRUMENT_DECLINED", "PAYER_ACTION_REQUIRED", "TRANSACTION_REFUSED", "PAYER_CANNOT_PAY"]);

/** What the checkout uses: the database, its provider's configuration, and the purchase's e-mails and log. */
export type PaypalCheckoutDeps = Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">;

export class PaypalCheckout {
  constructor(
    private readonly deps: PaypalCheckoutDeps,
    private readonly client: PaypalClient | null,
  ) {}

  static fromDeps(deps: PaypalCheckoutDeps): PaypalCheckout {
    return new PaypalCheckout(deps, deps.config.paypal ? new PaypalClient(deps.config.paypal) : null);
  }

  /** GET /paypal/setup */
  async setup(): Promise<PaypalSetup> {
    if (!this.client || !this.deps.config.paypal) return { configured: false, clientId: null, clientToken: null, currency: "USD" };
    // The buttons work without a client token (it only enables hosted card fields): a failure here is not fatal.
    const clientToken = await this.client.generateClientToken().catch(() => null);
    return { configured: true, clientId: this.deps.config.paypal.clientId, clientToken, currency: "USD" };
  }

  /** POST /paypal/order: the checkout, then PayPal's order for its total. */
  async createOrder(buyerId: string, { loopId, format, amount, currency, intent }: PaypalOrderRequest): Promise<PaypalOrder> {
    const client = this.requireClient();
    if (currency !== undefined && currency.toUpperCase() !== "USD") throw new DomainError("INVALID_CURRENCY");
    if (intent !== undefined && intent.toUpperCase() !== "CAPTURE") throw new DomainError("INVALID_PAYPAL_INTENT");
    const priced = await priceCheckout(this.deps.prisma, buyerId, {
      loopId,
      format,
      claimedTotalCents: amount === undefined ? null : parseUsd(amount),
    });
    const checkout = await openCheckout(this.deps.prisma, "paypal", buyerId, priced);
    const value = formatUsd(BigInt(priced.totalCents));
    const order = await this.call(() =>
      client.createOrder({ checkoutId: checkout.id, value, description: `${priced.loop.title} (${format.toUpperCase()})` }),
    );
    await this.deps.prisma.checkout.update({ where: { id: checkout.id }, data: { providerRef: order.id } });
    return { id: order.id, amount: value, currency: "USD" };
  }

  /** POST /paypal/order/:id/capture: the buyer approved the order in PayPal's window. */
  async capture(buyerId: string, orderId: string): Promise<FiatPurchaseStatus> {
    const client = this.requireClient();
    const checkout = await this.buyersCheckout(buyerId, orderId);
    if (checkout.status === "completed") return checkoutStatus(this.deps, checkout.id);
    if (checkout.status === "reversed") throw new DomainError("PAYMENT_REVERSED");
    return this.captureAndSettle(client, checkout);
  }

  /** POST /api/purchases/paypal: an order the page may have captured itself; PayPal is asked what happened. */
  async recordPurchase(buyerId: string, { loopId, format, orderID }: PaypalPurchaseRequest): Promise<FiatPurchaseStatus> {
    const client = this.requireClient();
    const checkout = await this.buyersCheckout(buyerId, orderID);
    if (checkout.loopId !== loopId || checkout.format !== format) throw new DomainError("PAYPAL_ORDER_NOT_FOUND");
    if (checkout.status === "completed") return checkoutStatus(this.deps, checkout.id);
    if (checkout.status === "reversed") throw new DomainError("PAYMENT_REVERSED");
    const order = await this.call(() => client.getOrder(orderID));
    if (order.status === "APPROVED") return this.captureAndSettle(client, checkout);
    return this.settle(client, checkout, order);
  }

  /**
   * POST /api/webhooks/paypal: verified by PayPal's verify-webhook-signature call. The event only
   * says which order to look at; what was paid is read from PayPal's API again.
   */
  async handleWebhook(headers: WebhookHeaders, event: WebhookEvent): Promise<void> {
    const client = this.requireClient();
    const webhookId = this.deps.config.paypal?.webhookId;
    if (!webhookId) throw new DomainError("WEBHOOK_NOT_CONFIGURED", { provider: "paypal" });
    const verified = await this.call(() => client.verifyWebhookSignature(webhookId, headers, event));
    if (!verified) throw new DomainError("WEBHOOK_SIGNATURE_INVALID");
    const reversal = reversalOf(event);
    if (reversal) {
      // The verified event is PayPal's word (bad news needs no second opinion); replays change nothing.
      const outcome = await reverseCheckout(this.deps, reversal);
      (this.deps.logger ?? consoleLogger).info(`PayPal webhook ${event.event_type} ${String(event.id ?? "")}: ${outcome.status}`);
      return;
    }
    const orderId = orderIdOf(event);
    if (!orderId) return;
    const checkout = await this.deps.prisma.checkout.findUnique({
      where: { provider_providerRef: { provider: "paypal", providerRef: orderId } },
    });
    if (!checkout || checkout.status === "completed" || checkout.status === "refunded" || checkout.status === "reversed") return;
    try {
      if (event.event_type === "CHECKOUT.ORDER.APPROVED") {
        // The buyer approved and closed the window before the page could ask for the capture.
        await this.captureAndSettle(client, checkout);
      } else {
        await this.settle(client, checkout, await this.call(() => client.getOrder(orderId)));
      }
    } catch (error) {
      // A refusal (declined, owned, mismatch) is recorded on the checkout; PayPal must not retry it.
      if (isRefusal(error, "PAYMENT_PROVIDER_UNAVAILABLE")) throw error;
      (this.deps.logger ?? consoleLogger).warn(
        `PayPal webhook ${event.event_type} for order ${orderId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async captureAndSettle(client: PaypalClient, checkout: Checkout): Promise<FiatPurchaseStatus> {
    const owned = await ownedPurchase(this.deps.prisma, checkout.buyerId, checkout.loopId, checkout.format as Format);
    if (owned) {
      // A concurrent capture of this same order (the page, its retry, the webhook) recorded it since
      // this request read the checkout: that purchase is this order's, answered as it is.
      const current = await this.deps.prisma.checkout.findUnique({ where: { id: checkout.id }, select: { purchaseId: true } });
      if (current?.purchaseId === owned.id) return checkoutStatus(this.deps, checkout.id);
      // Bought another way meanwhile: the approved order is left uncaptured, so no money moves.
      throw new DomainError("ALREADY_PURCHASED");
    }
    let order: PaypalOrderDetails;
    try {
      order = await client.captureOrder(checkout.providerRef!, `capture-${checkout.id}`);
    } catch (error) {
      if (!(error instanceof PaypalApiError) || error.status >= 500) throw gatewayError(error);
      if (error.issue === "ORDER_ALREADY_CAPTURED") {
        order = await this.call(() => client.getOrder(checkout.providerRef!));
      } else if (error.issue && DECLINED_ISSUES.has(error.issue)) {
        await closeCheckout(this.deps, checkout.id, "failed", `PayPal: ${error.issue}`);
        throw new DomainError("PAYMENT_DECLINED", {});
      } else if (error.issue === "ORDER_NOT_APPROVED") {
        throw new DomainError("PAYMENT_NOT_APPROVED");
      } else {
        throw gatewayError(error);
      }
    }
    return this.settle(client, checkout, order);
  }

  private async settle(client: PaypalClient, checkout: Checkout, order: PaypalOrderDetails): Promise<FiatPurchaseStatus> {
    const capture = captureOf(order);
    const unit = order.purchase_units?.[0];
    if (unit?.custom_id !== undefined && unit.custom_id !== checkout.id) throw new DomainError("PAYPAL_ORDER_NOT_FOUND");
    // The capture's own status decides, whatever the order's (a declined capture can sit in a COMPLETED order).
    if (capture?.status === "PENDING") {
      await closeCheckout(this.deps, checkout.id, "pending", "PayPal holds the capture for review", capture.id);
      return checkoutStatus(this.deps, checkout.id);
    }
    if (capture?.status === "DECLINED" || capture?.status === "FAILED") {
      await closeCheckout(this.deps, checkout.id, "failed", `PayPal capture ${capture.status}`);
      throw new DomainError("PAYMENT_DECLINED", {});
    }
    if (!capture || capture.status !== "COMPLETED" || order.status !== "COMPLETED")
      throw new DomainError("PAYMENT_NOT_COMPLETED", { provider: "paypal" });
    const amountCents = parseUsd(capture.amount.value) ?? -1n;
    const outcome = await completeCheckout(this.deps, checkout.id, {
      amountCents,
      currency: capture.amount.currency_code,
      paymentRef: capture.id,
    });
    if (outcome.status === "completed") return checkoutStatus(this.deps, checkout.id);
    if (outcome.status === "mismatch") throw new DomainError("PAYMENT_MISMATCH");
    if (outcome.status === "reversed") throw new DomainError("PAYMENT_REVERSED");
    if (outcome.status === "owned") {
      await this.call(() => client.refundCapture(capture.id, `refund-${checkout.id}`));
      await closeCheckout(this.deps, checkout.id, "refunded", "the buyer owned the loop already: capture refunded");
    }
    throw new DomainError("ALREADY_PURCHASED_REFUNDED");
  }

  private async buyersCheckout(buyerId: string, orderId: string): Promise<Checkout> {
    const checkout = await this.deps.prisma.checkout.findUnique({
      where: { provider_providerRef: { provider: "paypal", providerRef: orderId } },
    });
    // Someone else's order is answered like one that does not exist.
    if (!checkout || checkout.buyerId !== buyerId) throw new DomainError("PAYPAL_ORDER_NOT_FOUND");
    return checkout;
  }

  /** PayPal's client; 503 when PayPal is not configured (the routes check it before the body, as the service does). */
  requireClient(): PaypalClient {
    if (!this.client) throw new DomainError("PAYPAL_UNAVAILABLE");
    return this.client;
  }

  /** PayPal unreachable or refusing a call the server made: 502, nothing recorded (the call can be retried). */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw gatewayError(error);
    }
  }
}

function gatewayError(error: unknown): unknown {
  if (error instanceof PaypalUnavailable || error instanceof PaypalApiError)
    return new DomainError("PAYMENT_PROVIDER_UNAVAILABLE", { cause: error });
  return error;
}

type WebhookEvent = { id?: unknown; event_type?: string; resource?: Record<string, unknown> };

/**
 * The reversal an event reports, or null. Both events carry a refund resource (resource_type
 * "refund"): its `up` link names the capture (recorded as the checkout's paymentRef at the sale);
 * a refund's seller_payable_breakdown.total_refunded_amount (else its amount) says how much of the
 * capture has been refunded so far. PAYMENT.CAPTURE.REVERSED is PayPal taking the payment back
 * (a chargeback or a reversal): always the whole sale.
 */
function reversalOf(event: WebhookEvent): ReportedReversal | null {
  if (event.event_type !== "PAYMENT.CAPTURE.REVERSED" && event.event_type !== "PAYMENT.CAPTURE.REFUNDED") return null;
  const resource = event.resource ?? {};
  const links = Array.isArray(resource.links) ? (resource.links as { href?: unknown; rel?: unknown }[]) : [];
  const up = links.find((link) => link.rel === "up" && typeof link.href === "string");
  const captureId = up ? (/\/v2\/payments\/captures\/([^/?#]+)/.exec(String(up.href))?.[1] ?? null) : null;
  const orderId = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids?.order_id;
  const base = {
    provider: "paypal" as const,
    paymentRef: captureId ? decodeURIComponent(captureId) : null,
    providerRef: typeof orderId === "string" ? orderId : null,
    reference: typeof resource.id === "string" ? resource.id : String(event.id ?? "unknown"),
  };
  if (event.event_type === "PAYMENT.CAPTURE.REVERSED") return { ...base, reason: "dispute" };
  const breakdown = resource.seller_payable_breakdown as { total_refunded_amount?: { value?: unknown } } | undefined;
  const refunded = breakdown?.total_refunded_amount?.value ?? (resource.amount as { value?: unknown } | undefined)?.value;
  const refundedCents = typeof refunded === "string" ? parseUsd(refunded) : null;
  return { ...base, reason: "refund", ...(refundedCents !== null ? { refundedCents } : {}) };
}

/** The order an event is about: the order itself, or a capture's related order. */
function orderIdOf(event: WebhookEvent): string | null {
  const resource = event.resource ?? {};
  if (event.event_type?.startsWith("CHECKOUT.ORDER.")) return typeof resource.id === "string" ? resource.id : null;
  const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids?.order_id;
  return typeof related === "string" ? related : null;
}
