/** Purchases (docs/product.md#purchases): POST /api/purchases for a free loop or with the in-app LOOP balance. */
import { z } from "zod";
import { parseUsd } from "../units";
import { AMOUNT_MESSAGES, MAX_USD_CENTS } from "./amounts";
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
  /** The total the page showed is not the server's (e.g. an admin changed the format fee meanwhile). */
  priceChanged: "Price Changed: The total does not match this loop's price and fee. Reopen the dialog and try again.",
  invalidTotal: "Invalid Total: Send the total as a USD amount, e.g. 5.09",
} as const;

/** 'Insufficient Balance: You need {n} LOOP tokens but only have {m}' (docs/product.md#purchase-errors). */
export const insufficientLoopMessage = (needed: string, available: string) =>
  `Insufficient Balance: You need ${needed} LOOP tokens but only have ${available}`;

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
  expectedTotal: z
    .string({ error: PURCHASE_MESSAGES.invalidTotal })
    .regex(/^\d{1,9}(\.\d{1,2})?$/, PURCHASE_MESSAGES.invalidTotal)
    .refine((text) => (parseUsd(text) ?? 0n) <= MAX_USD_CENTS, AMOUNT_MESSAGES.usdTooLarge)
    .optional()
    .describe("USD, the price plus the format fee the page showed; refused with `Price Changed` (400) when the server's total differs"),
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
  licenceId: z.uuid().describe("The purchase's licence (issue 24): public at `GET /api/licences/{licenceId}` and `/licences/{licenceId}`"),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const WALLET_PURCHASE_MESSAGES = {
  noWallet: "Wallet Required: Link a wallet to your account in Settings to pay from it",
  free: "Free Loop: Download it without paying",
  unavailable: "Wallet Payments Unavailable: LoopMarketplace is not set up on this network",
  txHash: "Invalid Transaction: Send the purchase transaction's hash (0x followed by 64 hex characters)",
  noQuote: "No Quote: Ask for a quote before paying from your wallet",
} as const;

/** How long a signed quote can be paid (LoopMarketplace refuses it after its deadline). */
export const QUOTE_TTL_MS = 15 * 60 * 1000;

export const quoteRequestSchema = z.object({
  loopId: z.string({ error: PURCHASE_MESSAGES.missing }).min(1, PURCHASE_MESSAGES.missing),
  format: z.enum(DELIVERY_FORMATS, { error: PURCHASE_MESSAGES.format }),
});
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const hex32 = z.string().regex(/^0x[0-9a-f]{64}$/);
const weiString = z.string().regex(/^\d+$/);

/** POST /api/purchases/quote: what the wallet signs and sends to LoopMarketplace.purchase(quote, signature). */
export const walletQuoteSchema = z.object({
  chainId: z.number().int(),
  marketplace: address,
  token: address,
  quote: z.object({
    buyer: address,
    seller: address.describe("The seller's linked wallet, or LoopVault when the seller has none (credited in app)"),
    loopId: hex32,
    format: z.number().int().describe("0 mp3, 1 wav"),
    price: weiString,
    fee: weiString,
    orderId: hex32,
    deadline: z.string().regex(/^\d+$/).describe("Unix seconds"),
  }),
  signature: z.string().regex(/^0x[0-9a-f]+$/),
  price: usd,
  fee: usd,
  total: usd,
  loopAmount: loopAmount.describe("price + fee in LOOP (500 per USD)"),
  totalWei: weiString.describe("price + fee in LOOP wei: the allowance LoopMarketplace needs"),
  expiresAt: z.string(),
});
export type WalletQuote = z.infer<typeof walletQuoteSchema>;

/** POST /api/purchases/crypto: the spec's fields; the purchase itself comes from the indexed event. */
export const cryptoPurchaseRequestSchema = z.object({
  loopId: z.string({ error: PURCHASE_MESSAGES.missing }).min(1, PURCHASE_MESSAGES.missing),
  format: z.enum(DELIVERY_FORMATS, { error: PURCHASE_MESSAGES.format }),
  txHash: z.string({ error: WALLET_PURCHASE_MESSAGES.txHash }).regex(/^0x[0-9a-fA-F]{64}$/, WALLET_PURCHASE_MESSAGES.txHash),
  orderId: hex32.optional().describe("The quote's orderId; default: the newest quote for this loop and format"),
  amount: z.string().optional(),
  token: z.string().optional(),
  cryptoAmount: z.string().optional(),
});
export type CryptoPurchaseRequest = z.output<typeof cryptoPurchaseRequestSchema>;

export const cryptoPurchaseStatusSchema = z.object({
  status: z.enum(["pending", "completed"]).describe("completed once the Purchased event is indexed and settled"),
  purchase: purchaseSchema.nullable(),
});
export type CryptoPurchaseStatus = z.infer<typeof cryptoPurchaseStatusSchema>;
