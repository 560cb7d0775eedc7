/** Purchases (DESIGN §4): POST /api/purchases for a free loop or with the in-app LOOP balance. */
import { z } from "zod";
import { DELIVERY_FORMATS } from "./downloads";

export const PURCHASE_MESSAGES = {
  missing: "Missing Information: Choose a loop and a format",
  format: "Invalid Format: Choose mp3 or wav.",
  loopNotFound: "Loop Not Found",
  ownLoop: "Invalid Purchase: You cannot buy your own loop",
  notForSale: "Not Available: This loop cannot be bought right now",
  alreadyPurchased: "Already Purchased: You already own this loop in this format",
  choosePayment: "Payment Required: Choose how to pay for this loop",
  paymentMethod: "Invalid Payment Method: Pay with your LOOP balance (loop)",
} as const;

/** 'Insufficient Balance: You need {n} LOOP tokens but only have {m}' (spec §7). */
export const insufficientLoopMessage = (needed: string, available: string) => `Insufficient Balance: You need ${needed} LOOP tokens but only have ${available}`;

/** Ways to pay that POST /api/purchases takes itself (the others have their own calls). */
export const DIRECT_PAYMENT_METHODS = ["loop"] as const;
export type DirectPaymentMethod = (typeof DIRECT_PAYMENT_METHODS)[number];

export const purchaseRequestSchema = z.object({
  loopId: z.string({ error: PURCHASE_MESSAGES.missing }).min(1, PURCHASE_MESSAGES.missing),
  format: z.enum(DELIVERY_FORMATS, { error: PURCHASE_MESSAGES.format }),
  paymentMethod: z
    .enum(DIRECT_PAYMENT_METHODS, { error: PURCHASE_MESSAGES.paymentMethod })
    .optional()
    .describe("Required for a paid loop: `loop` pays with the in-app LOOP balance. Not sent for a free loop."),
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

export const PURCHASE_METHODS = ["free", "loop", "wallet", "paypal", "card"] as const;
export type PurchaseMethod = (typeof PURCHASE_METHODS)[number];

const usd = z.string().regex(/^\d+\.\d{2}$/);
const loopAmount = z.string().regex(/^\d+\.\d{8}$/);

export const purchaseSchema = z.object({
  id: z.string(),
  loopId: z.string(),
  loopTitle: z.string(),
  format: z.enum(DELIVERY_FORMATS),
  method: z.enum(PURCHASE_METHODS),
  price: usd.describe("The loop's price in USD (what the seller gets)"),
  fee: usd.describe("The format fee in USD (MP3 2%, WAV 4%, half-up to the cent)"),
  total: usd.describe("price + fee, USD"),
  loopAmount: loopAmount.nullable().describe("LOOP paid (500 per USD) when paid in LOOP; null otherwise"),
  createdAt: z.string(),
  /** Signed link to the bought file (valid 15 minutes; the e-mail carries longer-lived ones). */
  downloadUrl: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
