import { fiatPurchaseStatusSchema } from "@loop/rules/schemas/fiat-payments";
import {
  cryptoPurchaseRequestSchema,
  cryptoPurchaseStatusSchema,
  purchaseRequestSchema,
  purchaseSchema,
  quoteRequestSchema,
  walletQuoteSchema,
} from "@loop/rules/schemas/purchases";
import { bodyTooLarge, crossSiteOrBannedBrief, failure, json, loopCheckoutRefusals, signInRequired } from "../responses";
import { defineFeature } from "../spec";

export const purchasesOperations = defineFeature({
  tag: "purchases",
  description:
    "Buying a loop (docs/product.md#purchases). The server computes every amount: the price is the loop's, the fee is MP3 2% / WAV 4% of it (half-up to the cent), " +
    "and paying with LOOP takes (price + fee) × 500 LOOP from the in-app balance in one ledger entry (buyer → seller the price, buyer → fees the fee). " +
    "One purchase per buyer, loop and format. After a paid purchase both sides get a notification and an e-mail (the buyer's with a download link valid 7 days). " +
    "Every purchase answer (here, the wallet report, the PayPal and card completions) carries its `licenceId` (see the licences tag).",
  schemas: {
    PurchaseRequest: purchaseRequestSchema,
    Purchase: purchaseSchema,
    QuoteRequest: quoteRequestSchema,
    WalletQuote: walletQuoteSchema,
    CryptoPurchaseRequest: cryptoPurchaseRequestSchema,
    CryptoPurchaseStatus: cryptoPurchaseStatusSchema,
  },
  operations: [
    {
      method: "post",
      path: "/api/purchases",
      operationId: "createPurchase",
      summary: "Buy a loop: free, or with the in-app LOOP balance",
      description:
        'A free loop needs no `paymentMethod`; a paid one needs `paymentMethod: "loop"`. Send an `Idempotency-Key` header so that a retry answers the first purchase again. ' +
        "A card payment confirmed with Stripe.js is reported here as `{loopId, format, paymentIntentId}` (CardPurchaseRequest): answered with a FiatPurchaseStatus, " +
        "201 `completed` once Stripe says the intent succeeded for the total, 202 `pending` while the bank confirms, 409 `Payment Not Completed: …` otherwise " +
        "(`Payment Reversed: …` once the payment was refunded or disputed).",
      auth: "required",
      body: purchaseRequestSchema,
      responses: {
        201: json(purchaseSchema, "The purchase, with a signed download link (15 minutes) of the format bought and its `licenceId`"),
        202: json(fiatPurchaseStatusSchema, "Card payments only: `pending` (a FiatPurchaseStatus) while the bank confirms."),
        400: failure(
          [
            "VALIDATION_FAILED",
            "MALFORMED_JSON",
            "IDEMPOTENCY_KEY_INVALID",
            "OWN_LOOP_PURCHASE",
            "PAYMENT_METHOD_REQUIRED",
            "INSUFFICIENT_BALANCE",
            "PRICE_CHANGED",
          ],
          "`Missing Information: …`, `Invalid Format: …`, `Invalid Purchase: You cannot buy your own loop`, `Payment Required: …`, `Invalid Payment Method: …`, " +
            "`Insufficient Balance: You need {n} LOOP tokens but only have {m}`, `Price Changed: …` (the `expectedTotal` sent differs from the server's price + current format fee), " +
            "an invalid `Idempotency-Key`, or malformed JSON.",
        ),
        401: signInRequired,
        402: failure(["PAYMENT_DECLINED"], "Card payments only: `Payment Declined: …`."),
        403: crossSiteOrBannedBrief,
        404: failure(
          ["LOOP_NOT_FOUND", "PAYMENT_NOT_FOUND"],
          "`Loop Not Found`: no such loop, or not listed; card payments: `Payment Not Found: …`.",
        ),
        409: failure(
          [
            "ALREADY_PURCHASED",
            "IDEMPOTENCY_KEY_REUSED",
            "PAYMENT_NOT_COMPLETED",
            "PAYMENT_MISMATCH",
            "PAYMENT_REVERSED",
            "ALREADY_PURCHASED_REFUNDED",
          ],
          "`Already Purchased: …`, or the `Idempotency-Key` was used with another request; card payments: `Payment Not Completed: …`, " +
            "`Payment Mismatch: …`, `Payment Reversed: …`, or `Already Purchased: …. This payment was refunded.`",
        ),
        413: bodyTooLarge,
        502: failure(
          ["PAYMENT_PROVIDER_UNAVAILABLE"],
          "Card payments only: Stripe could not be reached (`Payment Provider Unavailable: …`).",
        ),
        503: failure(["CARD_PAYMENTS_UNAVAILABLE"], "Card payments only: `Card Payments Unavailable: …` (Stripe is not configured)."),
      },
    },
    {
      method: "post",
      path: "/api/purchases/quote",
      operationId: "createWalletQuote",
      summary: "A signed quote to pay a loop from the linked wallet (LoopMarketplace.purchase)",
      description:
        "The server's price and fee in LOOP wei, for the caller's linked wallet, the seller's wallet (or LoopVault when the seller has none: credited in app), " +
        "signed (EIP-712) by the quote signer; valid 15 minutes and usable once (its orderId). Approve `totalWei` to the marketplace, then call `purchase(quote, signature)`.",
      auth: "required",
      body: quoteRequestSchema,
      responses: {
        201: json(walletQuoteSchema, "The quote and its signature"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON", "OWN_LOOP_PURCHASE", "FREE_LOOP", "WALLET_REQUIRED"],
          "`Missing Information: …`, `Invalid Format: …`, `Invalid Purchase: You cannot buy your own loop`, `Free Loop: …`, `Wallet Required: …`, or malformed JSON.",
        ),
        ...loopCheckoutRefusals,
        503: failure(
          ["WALLET_PAYMENTS_UNAVAILABLE"],
          "`Wallet Payments Unavailable: …` (no marketplace on the default chain, or no quote signer configured).",
        ),
      },
    },
    {
      method: "post",
      path: "/api/purchases/crypto",
      operationId: "reportWalletPurchase",
      summary: "Report the wallet transaction of a quote; answers whether the purchase is recorded",
      description:
        "The purchase is recorded from the indexed `Purchased` event that matches the quote, never from this hash: 202 `pending` until then, 200 `completed` with the purchase. Call again to poll.",
      auth: "required",
      body: cryptoPurchaseRequestSchema,
      responses: {
        200: json(cryptoPurchaseStatusSchema, "Recorded: `completed`, with the purchase and a download link"),
        202: json(cryptoPurchaseStatusSchema, "Not recorded yet: `pending`"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Invalid Transaction: …`, `Missing Information: …`, `Invalid Format: …`, or malformed JSON.",
        ),
        401: signInRequired,
        403: crossSiteOrBannedBrief,
        404: failure(["LOOP_NOT_FOUND", "QUOTE_NOT_FOUND"], "`Loop Not Found`, or `No Quote: …`."),
        413: bodyTooLarge,
      },
    },
  ],
});
