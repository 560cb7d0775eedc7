import type { ErrorCode } from "@loop/rules/error-codes";
import {
  createNegotiationSchema,
  negotiationListQuerySchema,
  negotiationSchema,
  respondNegotiationSchema,
  walletOfferTermsRequestSchema,
  walletOfferTermsSchema,
} from "@loop/rules/schemas/negotiations";
import { z } from "zod";
import { banned, bodyTooLarge, crossSiteOrBannedBrief, failure, invalidQuery, json, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

/** What an offer is refused for before any money moves, made in app or from the wallet (the same checks). */
const OFFER_REFUSALS = [
  "VALIDATION_FAILED",
  "MALFORMED_JSON",
  "OFFER_NOT_BELOW_PRICE",
  "OFFER_BELOW_MINIMUM",
  "OWN_LOOP_OFFER",
  "OFFER_ON_FREE_LOOP",
] as const satisfies readonly ErrorCode[];

export const negotiationsOperations = defineFeature({
  tag: "negotiations",
  description:
    "Offers (docs/product.md#offers): a buyer offers a USD amount below the price of a paid loop, for a format; the offer plus its format fee is held " +
    "from the buyer's in-app LOOP (500 per USD) while it is open. The seller accepts (the sale is completed at once: hold captured, purchase " +
    "recorded, e-mails sent), counters or rejects a pending offer; the buyer accepts or rejects a counter, or withdraws a pending offer. " +
    "Offers and counters expire after 7 days (the hold is released). Every change bumps `version`; an answer sent with an older version is refused (409).",
  schemas: {
    CreateNegotiationRequest: createNegotiationSchema,
    RespondNegotiationRequest: respondNegotiationSchema,
    Negotiation: negotiationSchema,
    WalletOfferTermsRequest: walletOfferTermsRequestSchema,
    WalletOfferTerms: walletOfferTermsSchema,
  },
  operations: [
    {
      method: "post",
      path: "/api/negotiations",
      operationId: "createNegotiation",
      summary: "Make an offer on a loop",
      auth: "required",
      body: createNegotiationSchema,
      responses: {
        201: json(negotiationSchema, "The offer, pending, with the LOOP held"),
        400: failure(
          [...OFFER_REFUSALS, "INSUFFICIENT_BALANCE"],
          "`Invalid Amount: …`, `Offer Too High: …`, `Offer Too Low: …`, `Invalid Offer: …` (own loop), `Free Loop: …`, `Message Too Long: …`, `Insufficient Balance: …`, or malformed JSON.",
        ),
        401: signInRequired,
        403: crossSiteOrBannedBrief,
        404: failure(["LOOP_NOT_FOUND"], "`Loop Not Found`."),
        409: failure(
          ["ALREADY_PURCHASED", "OFFER_ALREADY_OPEN"],
          "`Already Purchased: …`, or `Offer Already Open: …` (one open offer per buyer and loop).",
        ),
        413: bodyTooLarge,
      },
    },
    {
      method: "post",
      path: "/api/negotiations/wallet-terms",
      operationId: "walletOfferTerms",
      summary: "Check an offer to be escrowed from the wallet and get LoopMarketplace.openOffer's arguments",
      description:
        "The same checks as an in-app offer, for the caller's linked wallet. Approve `totalWei` to the marketplace, then call " +
        "`openOffer(loopId, format, payee, amountWei, expiresAt)`; the offer appears in the lists once OfferOpened is indexed. " +
        "The seller's answers are carried out by the operator (settleOffer); the buyer accepts a counter with `changeOffer` and reclaims an expired offer with `reclaimOffer`.",
      auth: "required",
      body: walletOfferTermsRequestSchema,
      responses: {
        200: json(walletOfferTermsSchema, "The openOffer arguments"),
        400: failure([...OFFER_REFUSALS, "WALLET_REQUIRED"], "The in-app offer's refusals, or `Wallet Required: …` (no linked wallet)."),
        401: signInRequired,
        403: crossSiteOrBannedBrief,
        404: failure(["LOOP_NOT_FOUND"], "`Loop Not Found`."),
        409: failure(["ALREADY_PURCHASED", "OFFER_ALREADY_OPEN"], "`Already Purchased: …`, or `Offer Already Open: …`."),
        413: bodyTooLarge,
        503: failure(["WALLET_OFFERS_UNAVAILABLE"], "`Wallet Offers Unavailable: …`."),
      },
    },
    {
      method: "get",
      path: "/api/negotiations",
      operationId: "listNegotiations",
      summary: "One's offers: sent (as buyer) or received (as seller), newest first",
      auth: "required",
      query: negotiationListQuerySchema,
      responses: {
        200: json(z.array(negotiationSchema), "Offers"),
        400: invalidQuery("`Invalid Scope: …`."),
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "put",
      path: "/api/negotiations/{id}/respond",
      operationId: "respondToNegotiation",
      summary:
        "Answer an offer: the seller accepts, counters or rejects a pending one; the buyer accepts or rejects a counter, or withdraws",
      auth: "required",
      params: idParams,
      body: respondNegotiationSchema,
      responses: {
        200: json(negotiationSchema, "The offer after the answer (`accepted` with its purchase id)"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON", "COUNTER_SAME_AMOUNT", "INSUFFICIENT_BALANCE"],
          "`Invalid Action: …`, `Invalid Counter Offer: …`, `Insufficient Balance: …` (a counter above the held offer), or malformed JSON.",
        ),
        401: signInRequired,
        403: failure(
          ["OFFER_NOT_YOURS", "CROSS_SITE_REFUSED", "ACCOUNT_BANNED"],
          "`Not Allowed: …` (not this party's turn), a cross-site request, or a banned account.",
        ),
        404: failure(["OFFER_NOT_FOUND", "LOOP_NOT_FOUND"], "`Offer Not Found` (also someone else's offer), or `Loop Not Found`."),
        409: failure(
          [
            "OFFER_CHANGED",
            "OFFER_CLOSED",
            "ALREADY_PURCHASED",
            "OFFER_SETTLING",
            "WALLET_OFFER_COUNTER",
            "SETTLEMENT_REFUSED",
            "SETTLEMENT_REVERTED",
          ],
          "`Offer Changed: …` (the version sent is not the current one), `Offer Closed: …`, or `Already Purchased: …`; for a wallet offer " +
            "`Offer Settling: …`, `Wallet Offer: …` (accept the counter from the wallet), or `Settlement Failed: …` (LoopMarketplace refused the answer).",
        ),
        413: bodyTooLarge,
      },
    },
  ],
});
