import {
  pendingSaleListSchema,
  pendingSaleSchema,
  tokenBalanceSchema,
  transferListSchema,
  transferRequestSchema,
  transferSchema,
  walletTransferListSchema,
  walletTransferSchema,
} from "@loop/rules/schemas/tokens";
import { z } from "zod";
import { banned, bodyTooLarge, failure, idempotencyKeyReused, invalidQuery, json, signInRequired } from "../responses";
import { defineFeature } from "../spec";

export const tokensOperations = defineFeature({
  tag: "tokens",
  description:
    "In-app LOOP (the ledger): balance, transfers between users and their history. Amounts are decimal strings with 8 decimals. " +
    "Money calls accept an `Idempotency-Key` header: the same key with the same body answers the first response again; with another body, 409.",
  schemas: {
    TokenBalance: tokenBalanceSchema,
    PendingSale: pendingSaleSchema,
    TransferRequest: transferRequestSchema,
    Transfer: transferSchema,
    WalletTransfer: walletTransferSchema,
  },
  operations: [
    {
      method: "get",
      path: "/api/tokens/balance",
      operationId: "getTokenBalance",
      summary: "The caller's LOOP balance, available and held amounts, what can be withdrawn and the promotional part",
      description:
        "`held` is reserved for pending withdrawals, open offers and the proceeds of card and PayPal sales still in their hold (GET /api/tokens/pending-sales): " +
        "none of it can be sent, spent or withdrawn until it is released. `promotional` is promotional LOOP (the welcome bonus, level rewards, upload rewards): it pays for " +
        "loops (purchases and offers use it first) but is never sent nor withdrawn; a sale paid with it credits the seller promotional LOOP. `withdrawable` " +
        "is what can be sent or withdrawn now.",
      auth: "required",
      responses: { 200: json(tokenBalanceSchema, "balance = available + held"), 401: signInRequired, 403: banned },
    },
    {
      method: "get",
      path: "/api/tokens/pending-sales",
      operationId: "getPendingSales",
      summary: "The caller's card and PayPal sale proceeds still held, per day of release",
      description:
        "A card or PayPal sale credits the seller at once, but the proceeds are held for the platform's fiat hold (default 7 days) while the payment can still be " +
        "reversed; they are part of `held`. Each line sums the sales released on one day (UTC); `availableAt` is when the last of them is released (the API " +
        "releases due holds every minute). A chargeback or refund inside the hold takes them back.",
      auth: "required",
      responses: { 200: json(pendingSaleListSchema, "Soonest first; empty when nothing is pending"), 401: signInRequired, 403: banned },
    },
    {
      method: "post",
      path: "/api/tokens/transfer",
      operationId: "transferTokens",
      summary: "Send LOOP to another user by user id",
      description:
        "Instant and irreversible. At most 8 decimals; not above the balance's `withdrawable` (promotional LOOP is never sent). Send an `Idempotency-Key` header (1–200 visible characters) so that a retry or a double click never sends twice.",
      auth: "required",
      body: transferRequestSchema,
      responses: {
        201: json(transferSchema, "The transfer, as the sender's history shows it"),
        400: failure(
          [
            "VALIDATION_FAILED",
            "MALFORMED_JSON",
            "IDEMPOTENCY_KEY_INVALID",
            "TRANSFER_TO_SELF",
            "TRANSFER_INSUFFICIENT_BALANCE",
            "PROMOTIONAL_LOOP_LOCKED",
          ],
          "`Missing Information: Please enter both recipient ID and amount`, `Amount must be greater than 0`, `Invalid Amount: …`, " +
            "`Insufficient Balance: You don't have enough tokens for this transfer`, for a sender with promotional LOOP `Promotional LOOP (welcome bonus, level rewards, upload rewards) can be spent on loops but not sent or withdrawn: you can send up to <withdrawable> LOOP`, " +
            "`Invalid Recipient: You cannot send tokens to yourself`, an invalid `Idempotency-Key`, or malformed JSON.",
        ),
        401: signInRequired,
        403: failure(
          ["CROSS_SITE_REFUSED", "ACCOUNT_BANNED", "TRANSFERS_SUSPENDED"],
          "A cross-site request, a banned account, or `Transfers Suspended: …` (a second chargeback on the sender's sales).",
        ),
        404: failure(["RECIPIENT_NOT_FOUND"], "`Recipient Not Found: No user has this ID`."),
        409: idempotencyKeyReused,
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/tokens/transfers",
      operationId: "listTransfers",
      summary: "The caller's LOOP movements, newest first, both directions",
      description:
        "Every ledger entry that touched the caller's account. `toUserId` is `current_user` when the caller received it. The welcome bonus and level rewards are `reward`.",
      auth: "required",
      query: z.object({ limit: z.number().int().min(1).max(200).optional(), offset: z.number().int().min(0).optional() }),
      responses: {
        200: json(transferListSchema, "Newest first (default 100)"),
        400: invalidQuery("Invalid `limit`/`offset`."),
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "get",
      path: "/api/tokens/wallet-transfers",
      operationId: "listWalletTransfers",
      summary: "The linked wallet's LOOP transfers on chain, newest first",
      description:
        "Read from the indexer (every chain of the deployment). `kind` comes from the other address: LoopVault (`deposit` out of the wallet, `payout` into it), LoopMarketplace, the zero address (`mint`). Amounts have up to 18 decimals. Without a linked wallet: `address` null and no transfers.",
      auth: "required",
      query: z.object({ limit: z.number().int().min(1).max(200).optional() }),
      responses: {
        200: json(walletTransferListSchema, "Newest first (default 50)"),
        400: invalidQuery("Invalid `limit`."),
        401: signInRequired,
        403: banned,
      },
    },
  ],
});
