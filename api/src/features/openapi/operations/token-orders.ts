import { tokenOrderListSchema, tokenOrderRequestSchema, tokenOrderSchema } from "@loop/rules/schemas/token-orders";
import { z } from "zod";
import {
  banned,
  bodyTooLarge,
  crossSiteOrBannedBrief,
  failure,
  hourlyLimited,
  idempotencyKeyReused,
  invalidQuery,
  json,
  signInRequired,
} from "../responses";
import { defineFeature } from "../spec";

export const tokenOrdersOperations = defineFeature({
  tag: "token-orders",
  description:
    "Buying LOOP from an admin (the spec's admin orders): the user places an order and pays outside the app; an admin fulfils it " +
    "(the LOOP are credited as an `admin_airdrop`) or rejects it. Prices at 500 LOOP = 1 USD, half-up to the cent.",
  schemas: { TokenOrderRequest: tokenOrderRequestSchema, TokenOrder: tokenOrderSchema },
  operations: [
    {
      method: "post",
      path: "/api/admin-orders",
      operationId: "createTokenOrder",
      summary: "Order LOOP from an admin",
      description:
        "The server recomputes `usdAmount` from `requestedAmount` (÷ 500, half-up to the cent) and refuses a different figure. " +
        "A confirmation e-mail goes to the caller's address, if the account has one (a failed e-mail does not fail the order). " +
        "At most 10 accepted orders per user and hour. Accepts an `Idempotency-Key` header.",
      auth: "required",
      body: tokenOrderRequestSchema,
      responses: {
        201: json(tokenOrderSchema, "The new order, pending"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON", "IDEMPOTENCY_KEY_INVALID", "TOKEN_ORDER_AMOUNT_INVALID", "USD_AMOUNT_MISMATCH"],
          "`Amount must be a valid number`, `Payment details are required`, `Invalid Amount: Please enter a valid token amount greater than 0.`, " +
            "`USD Amount Mismatch: {n} LOOP is ${usd}`, an invalid payment method, a field too long, or malformed JSON.",
        ),
        401: signInRequired,
        403: crossSiteOrBannedBrief,
        409: idempotencyKeyReused,
        413: bodyTooLarge,
        429: hourlyLimited("TOKEN_ORDERS_RATE_LIMITED", "`Too Many Orders: …`: 10 accepted orders an hour."),
      },
    },
    {
      method: "get",
      path: "/api/admin-orders",
      operationId: "listTokenOrders",
      summary: "The caller's token orders, newest first",
      auth: "required",
      query: z.object({ limit: z.number().int().min(1).max(200).optional(), offset: z.number().int().min(0).optional() }),
      responses: {
        200: json(tokenOrderListSchema, "Newest first (default 100)"),
        400: invalidQuery("Invalid `limit`/`offset`."),
        401: signInRequired,
        403: banned,
      },
    },
  ],
});
