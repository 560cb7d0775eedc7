/**
 * Token orders: a user asks an admin to sell them LOOP, paid outside the app (spec "Admin order
 * form"). POST /api/admin-orders, GET /api/admin-orders, and the admin's list, fulfil and reject.
 * The USD amount is recomputed on the server at 500 LOOP = 1 USD (docs/product.md#token-orders), half-up to the cent.
 */
import { z } from "zod";
import { nullableText, pageQuery, requiredText } from "./fields";
import { loopDecimalString as loopString, usdDecimalString as usdString } from "./decimal-strings";
import { UNITS_PER_LOOP, formatLoop, formatUsd, loopUnitsToCents, parseLoop, parseUsd } from "../units";
import { groupDigits } from "../format-en-us";

export const PAYMENT_METHODS = ["paypal", "bank_transfer", "crypto", "revolut", "skrill"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TOKEN_ORDER_STATUSES = ["pending", "fulfilled", "rejected"] as const;
export type TokenOrderStatus = (typeof TOKEN_ORDER_STATUSES)[number];

/** The largest order: 10,000,000 LOOP (20,000 USD), well under LoopToken's cap (amounts.ts). */
export const MAX_ORDER_LOOP = 10_000_000n;
export const PAYMENT_DETAILS_MAX = 500;
/** Orders a member may place per hour (each one e-mails them and lands in the admins' queue). */
export const ORDERS_PER_HOUR = 10;
export const TOO_MANY_ORDERS = `Too Many Orders: You can place up to ${ORDERS_PER_HOUR} token orders per hour. Please try again later.`;
export const ORDER_MESSAGE_MAX = 1000;
export const REJECTION_REASON_MAX = 500;

/** A LOOP amount for messages: no trailing zeros ("1250", "0.5"). */
export function loopText(units: bigint): string {
  return formatLoop(units).replace(/\.?0+$/, "");
}

/** The USD price of `requestedAmount` as the form shows it ("2.50"); null when the amount is malformed. */
export function orderUsdAmount(requestedAmount: string): string | null {
  const units = parseLoop(requestedAmount);
  return units === null ? null : formatUsd(loopUnitsToCents(units));
}

export const TOKEN_ORDER_MESSAGES = {
  invalidAmount: "Amount must be a valid number",
  tooLarge: `Amount Too Large: One order can buy at most ${groupDigits(MAX_ORDER_LOOP)} LOOP`,
  invalidPaymentMethod: "Invalid Payment Method: Choose PayPal, bank transfer, crypto, Revolut or Skrill",
  detailsRequired: "Payment details are required",
  detailsTooLong: `Payment details must be at most ${PAYMENT_DETAILS_MAX} characters`,
  messageTooLong: `Message must be at most ${ORDER_MESSAGE_MAX} characters`,
  zeroUsd: "Invalid Amount: Please enter a valid token amount greater than 0.",
  usdMismatch: (loop: string, usd: string) => `USD Amount Mismatch: ${loop} LOOP is $${usd}`,
  missingReason: "Missing Reason: Please give a reason for rejecting this order",
  reasonTooLong: `Reason must be at most ${REJECTION_REASON_MAX} characters`,
  notFound: "Order Not Found: No token order has this ID",
  alreadyProcessed: (status: TokenOrderStatus) => `Order Already Processed: This order was already ${status}`,
  invalidStatus: "Invalid Status: Choose pending, fulfilled or rejected",
} as const;

const AMOUNT = /^\d+(\.\d{1,8})?$/;

/**
 * The order form's body. Field checks only; the server then recomputes usdAmount from
 * requestedAmount (`orderUsdAmount`) and refuses a zero amount or a different figure.
 */
export const tokenOrderRequestSchema = z.object({
  requestedAmount: z
    .string({ error: TOKEN_ORDER_MESSAGES.invalidAmount })
    .trim()
    .regex(AMOUNT, TOKEN_ORDER_MESSAGES.invalidAmount)
    .superRefine((text, ctx) => {
      // Once the pattern failed, its message is the answer.
      const units = AMOUNT.test(text) ? parseLoop(text) : null;
      if (units === null) return;
      if (units <= 0n) ctx.addIssue({ code: "custom", message: TOKEN_ORDER_MESSAGES.zeroUsd });
      else if (units > MAX_ORDER_LOOP * UNITS_PER_LOOP) ctx.addIssue({ code: "custom", message: TOKEN_ORDER_MESSAGES.tooLarge });
    })
    .describe("LOOP, digits with an optional 1 to 8 decimals"),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: TOKEN_ORDER_MESSAGES.invalidPaymentMethod }),
  paymentDetails: requiredText(PAYMENT_DETAILS_MAX, TOKEN_ORDER_MESSAGES.detailsRequired, TOKEN_ORDER_MESSAGES.detailsTooLong).describe(
    "Where the buyer pays from or how to reach them (e-mail, IBAN, wallet address…)",
  ),
  message: nullableText(ORDER_MESSAGE_MAX, TOKEN_ORDER_MESSAGES.messageTooLong),
  usdAmount: z
    .union([z.string(), z.number()])
    .optional()
    .describe('The price the form showed, 2 decimals ("2.50"): must equal requestedAmount / 500, half-up to the cent'),
});
/** What a client sends. */
export type TokenOrderRequestInput = z.input<typeof tokenOrderRequestSchema>;
/** What the API gets once the schema has parsed it. */
export type TokenOrderRequest = z.output<typeof tokenOrderRequestSchema>;

/** The client's usdAmount in cents; null when missing or not a 2-decimal amount. */
export function clientUsdCents(usdAmount: string | number | undefined): bigint | null {
  if (usdAmount === undefined) return null;
  // A number as written (2.5 → "2.5"); 2.499 is not a 2-decimal amount and does not match.
  const text = typeof usdAmount === "number" ? String(usdAmount) : usdAmount;
  return parseUsd(text);
}

export const rejectTokenOrderSchema = z.object({
  reason: requiredText(REJECTION_REASON_MAX, TOKEN_ORDER_MESSAGES.missingReason, TOKEN_ORDER_MESSAGES.reasonTooLong),
});
export type RejectTokenOrderRequest = z.input<typeof rejectTokenOrderSchema>;

export const tokenOrderListQuerySchema = z.object({
  status: z.enum(TOKEN_ORDER_STATUSES, { error: TOKEN_ORDER_MESSAGES.invalidStatus }).optional(),
  ...pageQuery(200, 100),
});

export const tokenOrderSchema = z.object({
  id: z.uuid(),
  requestedAmount: loopString,
  usdAmount: usdString,
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentDetails: z.string(),
  message: z.string().nullable(),
  status: z.enum(TOKEN_ORDER_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: z.string().describe("ISO 8601"),
  processedAt: z.string().nullable().describe("ISO 8601; when an admin fulfilled or rejected it"),
});
export type TokenOrder = z.infer<typeof tokenOrderSchema>;
export const tokenOrderListSchema = z.array(tokenOrderSchema);

export const adminTokenOrderSchema = tokenOrderSchema.extend({
  userId: z.uuid(),
  username: z.string(),
  email: z.string().nullable(),
});
export type AdminTokenOrder = z.infer<typeof adminTokenOrderSchema>;
export const adminTokenOrderListSchema = z.array(adminTokenOrderSchema);
