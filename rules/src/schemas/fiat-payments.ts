/**
 * Paying for a loop with PayPal or a card (docs/product.md#purchases). The server computes the amount from the loop
 * and the format; an amount the page sends is only compared with it. A purchase is recorded only
 * after the provider's API says the payment completed for that amount, in USD.
 */
import { z } from "zod";
import { parseUsd } from "../units";
import { AMOUNT_MESSAGES, MAX_USD_CENTS } from "./amounts";
import { DELIVERY_FORMATS } from "./downloads";
import { PURCHASE_MESSAGES, purchaseSchema } from "./purchases";

export const FIAT_PAYMENT_MESSAGES = {
  amountMismatch: "Price Changed: The amount does not match this loop's price. Reopen the dialog and try again.",
  currency: "Invalid Currency: Payments are in USD",
  intent: "Invalid Intent: PayPal orders are captured at once (CAPTURE)",
  free: "Free Loop: Download it without paying",
  paypalNotConfigured: "PayPal Unavailable: PayPal is not configured on this marketplace",
  cardNotConfigured: "Card Payments Unavailable: Card payments are not configured on this marketplace",
  orderNotFound: "Order Not Found: This PayPal order is not yours or does not exist",
  orderNotCompleted: "Payment Not Completed: PayPal has not completed this payment",
  paidAmountMismatch: "Payment Mismatch: The amount paid does not match this purchase. Nothing was recorded; contact support.",
  declined: "Payment Declined: Your payment was declined. Please try another way to pay.",
  providerUnavailable: "Payment Provider Unavailable: The payment provider could not be reached. Please try again.",
  intentNotFound: "Payment Not Found: This payment is not yours or does not exist",
  intentNotSucceeded: "Payment Not Completed: The card payment has not succeeded",
  paymentMethodNotFound: "Payment Method Not Found",
  paymentMethodDuplicate: "Already Added: This card is already saved",
  paymentMethodId: "Missing Information: Send the card's Stripe payment method id",
  badSignature: "Invalid Signature: The webhook signature could not be verified",
  reversed: "Payment Reversed: This payment was refunded or disputed, so the purchase was cancelled",
} as const;

const usd = z.string().regex(/^\d+\.\d{2}$/);
/** A total the page sends to be compared with the server's: never more than LoopToken's cap is worth. */
const claimedUsd = usd.refine((text) => (parseUsd(text) ?? 0n) <= MAX_USD_CENTS, AMOUNT_MESSAGES.usdTooLarge);
const loopId = z.string({ error: PURCHASE_MESSAGES.missing }).min(1, PURCHASE_MESSAGES.missing);
const format = z.enum(DELIVERY_FORMATS, { error: PURCHASE_MESSAGES.format });

/** GET /paypal/setup */
export const paypalSetupSchema = z.object({
  configured: z.boolean(),
  clientId: z.string().nullable(),
  clientToken: z.string().nullable().describe("PayPal's client token (v1/identity/generate-token) for the JS SDK"),
  currency: z.literal("USD"),
});
export type PaypalSetup = z.infer<typeof paypalSetupSchema>;

/** POST /paypal/order: the spec's amount, currency and intent, plus which loop and format. */
export const paypalOrderRequestSchema = z.object({
  loopId,
  format,
  amount: claimedUsd.optional().describe("The total the page shows (USD); refused when it is not the server's total"),
  currency: z.string().optional(),
  intent: z.string().optional(),
});
/** What a client sends. */
export type PaypalOrderRequestInput = z.input<typeof paypalOrderRequestSchema>;
/** What the API gets once the schema has parsed it. */
export type PaypalOrderRequest = z.output<typeof paypalOrderRequestSchema>;

export const paypalOrderSchema = z.object({
  id: z.string().describe("PayPal's order id (for the JS SDK's createOrder)"),
  amount: usd,
  currency: z.literal("USD"),
});
export type PaypalOrder = z.infer<typeof paypalOrderSchema>;

/** What capture, POST /api/purchases/paypal and POST /api/create-payment-intent answer. */
export const fiatPurchaseStatusSchema = z.object({
  status: z
    .enum(["completed", "pending", "requires_action", "requires_payment_method"])
    .describe(
      "completed: recorded (purchase set); pending: the provider confirms later (a webhook records it); requires_*: the card needs Stripe.js",
    ),
  purchase: purchaseSchema.nullable(),
  paymentIntentId: z.string().nullable().describe("Card payments: Stripe's PaymentIntent id"),
  clientSecret: z.string().nullable().describe("Card payments needing Stripe.js: the intent's client secret"),
});
export type FiatPurchaseStatus = z.infer<typeof fiatPurchaseStatusSchema>;

/** POST /api/purchases/paypal: an order the page captured itself (the JS SDK), checked with PayPal. */
export const paypalPurchaseRequestSchema = z.object({
  loopId,
  format,
  orderID: z.string({ error: FIAT_PAYMENT_MESSAGES.orderNotFound }).min(1, FIAT_PAYMENT_MESSAGES.orderNotFound),
  paypalOrderDetails: z.unknown().optional().describe("Ignored: PayPal's API is asked instead"),
});
export type PaypalPurchaseRequest = z.output<typeof paypalPurchaseRequestSchema>;

/** POST /api/create-payment-intent */
export const paymentIntentRequestSchema = z.object({
  loopId,
  format,
  amount: z
    .number()
    .max(Number(MAX_USD_CENTS), AMOUNT_MESSAGES.usdTooLarge)
    .int()
    .nonnegative()
    .optional()
    .describe("Total in cents as the page shows it; refused when it is not the server's total"),
  paymentMethodId: z.string().optional().describe("A saved card (GET /api/payment-methods id): the intent is confirmed with it at once"),
});
export type PaymentIntentRequest = z.input<typeof paymentIntentRequestSchema>;

/** POST /api/purchases with paymentIntentId: a card payment Stripe.js confirmed, checked with Stripe. */
export const cardPurchaseRequestSchema = z.object({
  loopId,
  format,
  paymentIntentId: z.string().min(1),
});
export type CardPurchaseRequest = z.output<typeof cardPurchaseRequestSchema>;

/** Saved cards (Settings → Payment Methods). */
export const paymentMethodSchema = z.object({
  id: z.string(),
  stripePaymentMethodId: z.string(),
  type: z.string(),
  brand: z.string().describe("visa, mastercard, amex, …"),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** POST /api/payment-methods: the spec's fields; the card details are read from Stripe, not from here. */
export const addPaymentMethodRequestSchema = z.object({
  stripePaymentMethodId: z
    .string({ error: FIAT_PAYMENT_MESSAGES.paymentMethodId })
    .regex(/^pm_[A-Za-z0-9_]+$/, FIAT_PAYMENT_MESSAGES.paymentMethodId),
  type: z.string().optional(),
  brand: z.string().optional(),
  last4: z.string().optional(),
  expMonth: z.number().int().optional(),
  expYear: z.number().int().optional(),
  isDefault: z.boolean().optional(),
});
export type AddPaymentMethodRequest = z.input<typeof addPaymentMethodRequestSchema>;

export const setupIntentSchema = z.object({ client_secret: z.string() });
