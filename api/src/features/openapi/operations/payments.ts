import {
  addPaymentMethodRequestSchema,
  cardPurchaseRequestSchema,
  fiatPurchaseStatusSchema,
  paymentIntentRequestSchema,
  paymentMethodSchema,
  paypalOrderRequestSchema,
  paypalOrderSchema,
  paypalPurchaseRequestSchema,
  paypalSetupSchema,
  setupIntentSchema,
} from "@loop/rules/schemas/fiat-payments";
import { z } from "zod";
import { banned, bodyTooLarge, crossSiteOrBannedBrief, failure, json, loopCheckoutRefusals, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

const providerDown = failure(
  ["PAYMENT_PROVIDER_UNAVAILABLE"],
  "`Payment Provider Unavailable: …`: the provider could not be reached or refused the server's call; nothing was recorded.",
);
const paypalOff = failure(["PAYPAL_UNAVAILABLE"], "`PayPal Unavailable: …`: PAYPAL_CLIENT_ID/SECRET are not set.");
const cardsOff = failure(["CARD_PAYMENTS_UNAVAILABLE"], "`Card Payments Unavailable: …`: STRIPE_SECRET_KEY/PUBLISHABLE_KEY are not set.");
/** What a member's call through a payment provider may answer besides its own: signed out, refused, the provider down or not configured. */
const viaProvider = { 401: signInRequired, 403: crossSiteOrBannedBrief, 502: providerDown } as const;
const viaPaypal = { ...viaProvider, 503: paypalOff } as const;
const viaStripe = { ...viaProvider, 503: cardsOff } as const;
/** The refusals of pricing a checkout (checkout/checkout-pricing.ts). */
const checkoutRefusals = ["VALIDATION_FAILED", "MALFORMED_JSON", "CHECKOUT_PRICE_CHANGED", "OWN_LOOP_PURCHASE", "FREE_LOOP"] as const;
/** What the provider's answer can refuse once the payment was made (paypal.service.ts, card-checkout.service.ts). */
const settleRefusals = [
  "PAYMENT_NOT_COMPLETED",
  "PAYMENT_MISMATCH",
  "PAYMENT_REVERSED",
  "ALREADY_PURCHASED",
  "ALREADY_PURCHASED_REFUNDED",
] as const;
const completed = json(fiatPurchaseStatusSchema, "Recorded: `completed`, with the purchase and a signed download link (15 minutes)");
const pending = json(fiatPurchaseStatusSchema, "`pending`: the provider confirms later; its webhook records the purchase");
const webhookEvent = z.record(z.string(), z.unknown());

export const paymentsOperations = defineFeature({
  tag: "payments",
  description:
    "Paying for a loop with PayPal (Orders v2) or a card (Stripe PaymentIntents), and saved cards (docs/product.md#purchases). The server computes the amount " +
    "(price + MP3 2% / WAV 4% fee, USD cents); an amount the page sends is only compared with it. A purchase is recorded once, only after the " +
    "provider's API says the payment completed for exactly that amount in USD, from whichever comes first: the page's call, a retry or the provider's " +
    "signed webhook. The seller is credited the price in in-app LOOP (500 per USD). A payment for a loop the buyer owns by then is refunded.",
  schemas: {
    PaypalSetup: paypalSetupSchema,
    PaypalOrderRequest: paypalOrderRequestSchema,
    PaypalOrder: paypalOrderSchema,
    PaypalPurchaseRequest: paypalPurchaseRequestSchema,
    FiatPurchaseStatus: fiatPurchaseStatusSchema,
    PaymentIntentRequest: paymentIntentRequestSchema,
    CardPurchaseRequest: cardPurchaseRequestSchema,
    PaymentMethod: paymentMethodSchema,
    AddPaymentMethodRequest: addPaymentMethodRequestSchema,
    SetupIntent: setupIntentSchema,
  },
  operations: [
    {
      method: "get",
      path: "/paypal/setup",
      operationId: "getPaypalSetup",
      summary: "Whether PayPal is offered, its client id and a client token for the JS SDK",
      auth: "required",
      responses: {
        200: json(paypalSetupSchema, "PayPal's configuration (configured false: not offered)"),
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "post",
      path: "/paypal/order",
      operationId: "createPaypalOrder",
      summary: "Create the PayPal order of a loop and format, for the server's total",
      auth: "required",
      body: paypalOrderRequestSchema,
      responses: {
        201: json(paypalOrderSchema, "PayPal's order id (for the JS SDK's createOrder) and its amount"),
        400: failure(
          [...checkoutRefusals, "INVALID_CURRENCY", "INVALID_PAYPAL_INTENT"],
          "`Price Changed: …` (the page's amount is not the total), `Invalid Currency: …`, `Invalid Intent: …`, `Invalid Purchase: …` (own loop), `Free Loop: …`, or malformed JSON.",
        ),
        ...loopCheckoutRefusals,
        502: providerDown,
        503: paypalOff,
      },
    },
    {
      method: "post",
      path: "/paypal/order/{id}/capture",
      operationId: "capturePaypalOrder",
      summary: "Capture an order the buyer approved in PayPal's window, and record the purchase",
      auth: "required",
      params: idParams,
      responses: {
        200: completed,
        202: pending,
        ...viaPaypal,
        402: failure(["PAYMENT_DECLINED"], "`Payment Declined: …`: PayPal declined the buyer's funding source."),
        404: failure(["PAYPAL_ORDER_NOT_FOUND"], "`Order Not Found: …`: no such order, or someone else's."),
        409: failure(
          settleRefusals,
          "`Already Purchased: …` (bought another way meanwhile: the order is not captured, or a captured payment is refunded), `Payment Mismatch: …`, `Payment Not Completed: …`, " +
            "or `Payment Reversed: …` (refunded or disputed after the purchase: it was cancelled).",
        ),
        422: failure(["PAYMENT_NOT_APPROVED"], "`Payment Not Approved: …`: the buyer has not approved the order yet."),
      },
    },
    {
      method: "post",
      path: "/api/purchases/paypal",
      operationId: "recordPaypalPurchase",
      summary: "Record the purchase of a PayPal order (captured here, or by the JS SDK), as PayPal reports it",
      description: "`paypalOrderDetails` is ignored: PayPal's API is asked for the order's state and captured amount.",
      auth: "required",
      body: paypalPurchaseRequestSchema,
      responses: {
        200: completed,
        202: pending,
        400: failure(["VALIDATION_FAILED", "MALFORMED_JSON"], "`Missing Information: …`, `Invalid Format: …`, or malformed JSON."),
        ...viaPaypal,
        402: failure(["PAYMENT_DECLINED"], "`Payment Declined: …`."),
        404: failure(["PAYPAL_ORDER_NOT_FOUND"], "`Order Not Found: …`: no such order, someone else's, or for another loop or format."),
        409: failure(
          settleRefusals,
          "`Already Purchased: …`, `Payment Mismatch: …`, `Payment Not Completed: …`, or `Payment Reversed: …`.",
        ),
        413: bodyTooLarge,
        422: failure(["PAYMENT_NOT_APPROVED"], "`Payment Not Approved: …`: the buyer has not approved the order yet."),
      },
    },
    {
      method: "post",
      path: "/api/create-payment-intent",
      operationId: "createPaymentIntent",
      summary: "Pay a loop by card: a Stripe PaymentIntent for the server's total",
      description:
        "With `paymentMethodId` (a saved card) the intent is confirmed at once: `completed` (201), `requires_action` (200: run `stripe.handleNextAction` " +
        "with `clientSecret`, then `POST /api/purchases` with `paymentIntentId`) or `pending` (202). Without it, `requires_payment_method` (201): confirm a new card " +
        "with Stripe.js and `clientSecret`, then `POST /api/purchases` with `paymentIntentId`.",
      auth: "required",
      body: paymentIntentRequestSchema,
      responses: {
        200: json(fiatPurchaseStatusSchema, "`requires_action`: 3-D Secure in the page"),
        201: json(fiatPurchaseStatusSchema, "`completed` with the purchase, or `requires_payment_method` with the intent's client secret"),
        202: pending,
        400: failure(
          checkoutRefusals,
          "`Price Changed: …` (`amount` is not the total in cents), `Invalid Purchase: …`, `Free Loop: …`, or malformed JSON.",
        ),
        ...viaStripe,
        402: failure(["PAYMENT_DECLINED"], "`Payment Declined: <Stripe's message>`: nothing was recorded."),
        404: failure(
          ["LOOP_NOT_FOUND", "PAYMENT_METHOD_NOT_FOUND", "PAYMENT_NOT_FOUND"],
          "`Loop Not Found`, or `Payment Method Not Found` (not one's own card).",
        ),
        409: failure(settleRefusals, "`Already Purchased: …` (a second payment is refunded), or `Payment Mismatch: …`."),
        413: bodyTooLarge,
      },
    },
    {
      method: "post",
      path: "/api/stripe/setup-intent",
      operationId: "createSetupIntent",
      summary: "A SetupIntent to save a card with Stripe.js (then `POST /api/payment-methods`)",
      auth: "required",
      responses: {
        201: json(setupIntentSchema, "The SetupIntent's client secret"),
        ...viaStripe,
      },
    },
    {
      method: "get",
      path: "/api/payment-methods",
      operationId: "listPaymentMethods",
      summary: "One's saved cards, the default first",
      auth: "required",
      responses: { 200: json(z.array(paymentMethodSchema), "Saved cards"), 401: signInRequired, 403: banned },
    },
    {
      method: "post",
      path: "/api/payment-methods",
      operationId: "addPaymentMethod",
      summary: "Save a card (a Stripe PaymentMethod): its details are read from Stripe; the first card is the default",
      auth: "required",
      body: addPaymentMethodRequestSchema,
      responses: {
        201: json(paymentMethodSchema, "The saved card"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON", "PAYMENT_METHOD_UNSUPPORTED"],
          "`Missing Information: …` (not a `pm_…` id), `Unsupported Payment Method: …`, or malformed JSON.",
        ),
        ...viaStripe,
        404: failure(["PAYMENT_METHOD_NOT_FOUND"], "`Payment Method Not Found`: no such card at Stripe, or someone else's."),
        409: failure(["PAYMENT_METHOD_DUPLICATE"], "`Already Added: …`."),
        413: bodyTooLarge,
      },
    },
    {
      method: "delete",
      path: "/api/payment-methods/{id}",
      operationId: "removePaymentMethod",
      summary: "Remove a saved card (detached at Stripe); the newest other card becomes the default if this one was",
      auth: "required",
      params: idParams,
      responses: {
        204: { description: "Removed" },
        ...viaStripe,
        404: failure(["PAYMENT_METHOD_NOT_FOUND"], "`Payment Method Not Found`."),
      },
    },
    {
      method: "put",
      path: "/api/payment-methods/{id}/default",
      operationId: "setDefaultPaymentMethod",
      summary: "Make a saved card the default (the others stop being it)",
      auth: "required",
      params: idParams,
      responses: {
        200: json(paymentMethodSchema, "The card, now the default"),
        401: signInRequired,
        403: crossSiteOrBannedBrief,
        404: failure(["PAYMENT_METHOD_NOT_FOUND"], "`Payment Method Not Found`."),
      },
    },
    {
      method: "post",
      path: "/api/webhooks/paypal",
      operationId: "paypalWebhook",
      summary: "PayPal's webhook (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.*), verified with PayPal's verify-webhook-signature",
      description:
        "Called by PayPal only: no session, no Origin check. The event names the order; what was paid is read from PayPal's API again. " +
        "`PAYMENT.CAPTURE.REVERSED` (a chargeback) and `PAYMENT.CAPTURE.REFUNDED` (once the whole capture is refunded) revoke the purchase: inside the hold " +
        "of the seller's proceeds they go back, after it the platform books the loss. A replay, or a second event for the same payment, changes nothing.",
      auth: "none",
      body: webhookEvent,
      responses: {
        200: json(z.object({ received: z.literal(true) }), "Handled (refusals such as a declined capture are recorded on the checkout)"),
        400: failure(["WEBHOOK_SIGNATURE_INVALID", "MALFORMED_JSON"], "`Invalid Signature: …`, or malformed JSON."),
        502: providerDown,
        503: failure(["PAYPAL_UNAVAILABLE", "WEBHOOK_NOT_CONFIGURED"], "PayPal or PAYPAL_WEBHOOK_ID is not configured."),
      },
    },
    {
      method: "post",
      path: "/api/webhooks/stripe",
      operationId: "stripeWebhook",
      summary: "Stripe's webhook (payment_intent.*, charge.dispute.created, charge.refunded), verified by its Stripe-Signature header",
      description:
        "Called by Stripe only: no session, no Origin check. The intent is read from Stripe's API again before anything is recorded. " +
        "`charge.dispute.created` (a chargeback) and `charge.refunded` (once the whole charge is refunded) revoke the purchase: inside the hold of the " +
        "seller's proceeds they go back, after it the platform books the loss. A replay, or a dispute followed by a refund, changes nothing.",
      auth: "none",
      body: webhookEvent,
      responses: {
        200: json(z.object({ received: z.literal(true) }), "Handled"),
        400: failure(["WEBHOOK_SIGNATURE_INVALID"], "`Invalid Signature: …`."),
        502: providerDown,
        503: failure(["CARD_PAYMENTS_UNAVAILABLE", "WEBHOOK_NOT_CONFIGURED"], "Stripe or STRIPE_WEBHOOK_SECRET is not configured."),
      },
    },
  ],
});
