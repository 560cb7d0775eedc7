/**
 * Offers (negotiations, docs/product.md#offers): a buyer offers a USD amount on a paid loop for a format; the
 * offer plus its format fee is held from the buyer's in-app LOOP while it is open. The seller
 * accepts, counters or rejects; the buyer answers a counter, or withdraws a pending offer.
 */
import { z } from "zod";
import { formatUsd, parseUsd } from "../units";
import { AMOUNT_MESSAGES, MAX_USD_CENTS } from "./amounts";
import { DELIVERY_FORMATS } from "./downloads";
import { OFFER_TTL_MS } from "../platform-defaults";

// Zod-free, in the module imported above (the pages that show loops load no schema); named here too.
export { OFFER_TTL_MS };

export const NEGOTIATION_MESSAGES = {
  missing: "Missing Information: Choose a loop and a format",
  format: "Invalid Format: Choose mp3 or wav.",
  amount: "Invalid Amount: Enter an offer in USD greater than 0, with at most 2 decimals",
  notBelowPrice: "Offer Too High: Offer less than the price, or buy the loop at its price",
  ownLoop: "Invalid Offer: You cannot make an offer on your own loop",
  free: "Free Loop: Download it without an offer",
  alreadyPurchased: "Already Purchased: You already own this loop in this format",
  openOffer: "Offer Already Open: You already have an open offer on this loop",
  messageTooLong: "Message Too Long: Keep the message under 500 characters",
  notFound: "Offer Not Found",
  action: "Invalid Action: Choose accept, counter, reject or withdraw",
  counterAmount: "Invalid Counter Offer: Enter an amount in USD greater than 0, with at most 2 decimals",
  tooLarge: AMOUNT_MESSAGES.usdTooLarge,
  counterSame: "Invalid Counter Offer: Counter with an amount other than the offer",
  notYours: "Not Allowed: Only the seller answers an offer, and only the buyer answers a counter or withdraws",
  closed: "Offer Closed: This offer can no longer be answered",
  changed: "Offer Changed: This offer changed since you loaded it. Reload and try again.",
  settling: "Offer Settling: The answer to this offer is being carried out on chain",
  walletCounter: "Wallet Offer: Accept the counter by raising your offer to it from your wallet (changeOffer)",
  scope: "Invalid Scope: Choose sent or received",
} as const;

/** An offer below the platform's minimum offer (a setting, `minOfferCents`). */
export function offerBelowMinimumMessage(minOfferCents: number): string {
  return `Offer Too Low: The smallest offer is $${formatUsd(BigInt(minOfferCents))}`;
}

export const NEGOTIATION_STATUSES = ["pending", "counter", "accepted", "rejected", "withdrawn", "expired"] as const;
export type NegotiationStatus = (typeof NEGOTIATION_STATUSES)[number];
/** Still open: the buyer's hold is in place and someone has to answer. */
export const OPEN_NEGOTIATION_STATUSES = ["pending", "counter"] as const;

export const NEGOTIATION_MESSAGE_MAX = 500;

/**
 * "12.50", "12.5", "12" or 12.5: a positive USD amount with at most 2 decimals (kept as text, parsed
 * to cents), worth at most LoopToken's cap: the offer is held in LOOP.
 */
const usdAmount = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => (typeof value === "number" ? String(value) : value.trim()))
    .superRefine((text, ctx) => {
      const cents = /^\d+(\.\d{1,2})?$/.test(text) ? parseUsd(text) : null;
      if (cents === null || cents <= 0n) ctx.addIssue({ code: "custom", message });
      else if (cents > MAX_USD_CENTS) ctx.addIssue({ code: "custom", message: NEGOTIATION_MESSAGES.tooLarge });
    });

const message = z
  .string()
  .max(NEGOTIATION_MESSAGE_MAX, NEGOTIATION_MESSAGES.messageTooLong)
  .optional()
  .transform((text) => (text?.trim() ? text.trim() : null));

/** POST /api/negotiations */
export const createNegotiationSchema = z.object({
  loopId: z.string({ error: NEGOTIATION_MESSAGES.missing }).min(1, NEGOTIATION_MESSAGES.missing),
  format: z.enum(DELIVERY_FORMATS, { error: NEGOTIATION_MESSAGES.format }).default("mp3"),
  offerAmount: usdAmount(NEGOTIATION_MESSAGES.amount).describe('USD, e.g. "12.50": less than the loop\'s price'),
  message,
});
/** What a client sends. */
export type CreateNegotiationRequestInput = z.input<typeof createNegotiationSchema>;
/** What the API gets once the schema has parsed it. */
export type CreateNegotiationRequest = z.output<typeof createNegotiationSchema>;

export const NEGOTIATION_ACTIONS = ["accept", "counter", "reject", "withdraw"] as const;
export type NegotiationAction = (typeof NEGOTIATION_ACTIONS)[number];

/** PUT /api/negotiations/:id/respond */
export const respondNegotiationSchema = z
  .object({
    action: z.enum(NEGOTIATION_ACTIONS, { error: NEGOTIATION_MESSAGES.action }),
    counterOffer: usdAmount(NEGOTIATION_MESSAGES.counterAmount).optional().nullable().describe("Required for counter (USD)"),
    message,
    version: z.number().int().nonnegative().optional().describe("The offer's version as last read: refused with 409 if it changed since"),
  })
  .refine((body) => body.action !== "counter" || body.counterOffer != null, {
    message: NEGOTIATION_MESSAGES.counterAmount,
    path: ["counterOffer"],
  });
/** What a client sends. */
export type RespondNegotiationRequestInput = z.input<typeof respondNegotiationSchema>;
/** What the API gets once the schema has parsed it. */
export type RespondNegotiationRequest = z.output<typeof respondNegotiationSchema>;

export const NEGOTIATION_SCOPES = ["sent", "received"] as const;
export const negotiationListQuerySchema = z.object({
  scope: z.enum(NEGOTIATION_SCOPES, { error: NEGOTIATION_MESSAGES.scope }).default("sent"),
});

const usd = z.string().regex(/^\d+\.\d{2}$/);

export const negotiationSchema = z.object({
  id: z.string(),
  status: z.enum(NEGOTIATION_STATUSES),
  format: z.enum(DELIVERY_FORMATS),
  offerAmount: usd.describe("The buyer's offer, USD"),
  counterOffer: usd.nullable().describe("The seller's counter, USD"),
  /** What the sale is (or was) for: the counter once countered, else the offer. */
  amount: usd,
  fee: usd.describe("The format fee on `amount` (MP3 2%, WAV 4%), paid by the buyer on top"),
  heldLoop: z
    .string()
    .regex(/^\d+\.\d{8}$/)
    .nullable()
    .describe("LOOP held from the buyer's balance while the offer is open"),
  message: z.string().nullable().describe("The buyer's message"),
  responseMessage: z.string().nullable().describe("The seller's message with a counter, accept or reject"),
  version: z.number().int().describe("Goes up at every change: send it back with an answer"),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  purchaseId: z.string().nullable(),
  funding: z.enum(["app", "wallet"]).describe("app: held from the in-app balance; wallet: escrowed on chain by LoopMarketplace"),
  settling: z.enum(["accept", "reject", "withdraw"]).nullable().describe("Wallet offers: the answer on its way to the chain (settleOffer)"),
  chainOfferId: z.string().nullable().describe("Wallet offers: LoopMarketplace's offer id"),
  loop: z.object({ id: z.string(), title: z.string(), price: usd, user: z.object({ id: z.string(), username: z.string() }) }),
  buyer: z.object({ id: z.string(), username: z.string() }),
});
export type Negotiation = z.infer<typeof negotiationSchema>;

/** POST /api/negotiations/wallet-terms: what the buyer's wallet sends to LoopMarketplace.openOffer, checked first. */
export const walletOfferTermsRequestSchema = z.object({
  loopId: z.string({ error: NEGOTIATION_MESSAGES.missing }).min(1, NEGOTIATION_MESSAGES.missing),
  format: z.enum(DELIVERY_FORMATS, { error: NEGOTIATION_MESSAGES.format }).default("mp3"),
  offerAmount: usdAmount(NEGOTIATION_MESSAGES.amount),
});
export type WalletOfferTermsRequest = z.output<typeof walletOfferTermsRequestSchema>;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const weiString = z.string().regex(/^\d+$/);

export const walletOfferTermsSchema = z.object({
  chainId: z.number().int(),
  marketplace: address,
  token: address,
  loopId: z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .describe("The loop's UUID as bytes32"),
  format: z.number().int().describe("0 mp3, 1 wav"),
  payee: address.describe("The seller's linked wallet, or LoopVault when the seller has none (credited in app)"),
  amountWei: weiString,
  feeWei: weiString.describe("LoopMarketplace.offerFee(amount, format)"),
  totalWei: weiString.describe("amount + fee: the allowance openOffer needs"),
  expiresAt: z.string().regex(/^\d+$/).describe("Unix seconds: 7 days from now"),
});
export type WalletOfferTerms = z.infer<typeof walletOfferTermsSchema>;
