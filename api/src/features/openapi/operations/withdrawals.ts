import {
  WITHDRAWAL_STATUSES,
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  withdrawalListSchema,
  withdrawalRequestSchema,
  withdrawalSchema,
  withdrawalStatusUpdateSchema,
} from "@loop/rules/schemas/withdrawals";
import { z } from "zod";
import {
  adminOnly,
  banned,
  bodyTooLarge,
  crossSiteOrBannedBrief,
  failure,
  idempotencyKeyReused,
  invalidQuery,
  json,
  signInRequired,
} from "../responses";
import { defineFeature } from "../spec";

const idParam = z.object({ id: z.string().describe("The withdrawal's id") });

export const withdrawalsOperations = defineFeature({
  tag: "withdrawals",
  description:
    "Withdrawals of in-app LOOP: to Ethereum, Bitcoin, USDC or USDT (paid by an admin by hand, who records the transaction id) or as LOOP on chain " +
    "(method `loop`: paid out of LoopVault by the platform's operator when an admin processes it). The amount is held from the available balance " +
    "at once; completing captures it, failing or cancelling releases it. pending → processing | cancelled | failed; processing → completed | failed. " +
    "No platform fee: netUsdAmount = usdAmount = amount / 500, half-up to the cent.",
  schemas: {
    WithdrawalRequest: withdrawalRequestSchema,
    Withdrawal: withdrawalSchema,
    AdminWithdrawal: adminWithdrawalSchema,
    WithdrawalStatusUpdate: withdrawalStatusUpdateSchema,
  },
  operations: [
    {
      method: "post",
      path: "/api/tokens/withdraw",
      operationId: "requestWithdrawal",
      summary: "Request a withdrawal; the amount is held from the available balance",
      description:
        "At least the minimum withdrawal of the platform settings (GET /api/config → settings.minWithdrawal, 10 LOOP by default), at most 8 decimals. The destination must be valid for the method: an Ethereum address (EIP-55 checksum checked when mixed case) " +
        "for `crypto_eth`, `crypto_usdc`, `crypto_usdt` and `loop`; a mainnet Bitcoin address (base58check P2PKH/P2SH, bech32/bech32m segwit) for `crypto_btc`. " +
        "Send an `Idempotency-Key` header so that a retry or a double click never requests twice.",
      auth: "required",
      body: withdrawalRequestSchema,
      responses: {
        201: json(withdrawalSchema, "The new withdrawal, pending"),
        400: failure(
          [
            "VALIDATION_FAILED",
            "MALFORMED_JSON",
            "IDEMPOTENCY_KEY_INVALID",
            "INVALID_WITHDRAWAL_DESTINATION",
            "WITHDRAWAL_INSUFFICIENT_BALANCE",
            "PROMOTIONAL_LOOP_LOCKED",
          ],
          "`Please fill in all withdrawal details`, `Amount must be greater than 0`, `Invalid Amount: …`, `Minimum Withdrawal: The minimum withdrawal is <minimum> LOOP`, " +
            "`Invalid Method: …`, `Invalid Destination: …`, `You don't have enough tokens for this withdrawal` (for a member with promotional LOOP, which is never withdrawn: " +
            "`Promotional LOOP (welcome bonus, level rewards, upload rewards) can be spent on loops but not sent or withdrawn: you can withdraw up to <withdrawable> LOOP`), an invalid `Idempotency-Key`, or malformed JSON.",
        ),
        401: signInRequired,
        403: failure(
          ["CROSS_SITE_REFUSED", "ACCOUNT_BANNED", "WITHDRAWALS_SUSPENDED"],
          "A cross-site request, a banned account, or `Withdrawals Suspended: …` (a second chargeback on the member's sales, or an admin, suspended their withdrawals until an admin lifts it).",
        ),
        409: idempotencyKeyReused,
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/tokens/withdrawals",
      operationId: "listWithdrawals",
      summary: "The caller's withdrawals, newest first",
      auth: "required",
      query: z.object({ limit: z.number().int().min(1).max(200).optional(), offset: z.number().int().min(0).optional() }),
      responses: {
        200: json(withdrawalListSchema, "Newest first (default 100)"),
        400: invalidQuery("Invalid `limit`/`offset`."),
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "post",
      path: "/api/tokens/withdrawals/{id}/cancel",
      operationId: "cancelWithdrawal",
      summary: "Cancel one's own withdrawal while it is pending; the held amount is available again",
      auth: "required",
      params: idParam,
      responses: {
        200: json(withdrawalSchema, "The cancelled withdrawal"),
        401: signInRequired,
        403: crossSiteOrBannedBrief,
        404: failure(["WITHDRAWAL_NOT_FOUND"], "`Withdrawal Not Found` (or it is someone else's)."),
        409: failure(
          ["INVALID_STATUS_CHANGE", "PAYOUT_IN_PROGRESS"],
          "`Invalid Status Change: A {status} withdrawal cannot become cancelled`, or `Payout In Progress: …` for a `loop` payout that was sent or is being sent.",
        ),
      },
    },
    {
      method: "get",
      path: "/api/admin/tokens/withdrawals",
      operationId: "adminListWithdrawals",
      summary: "Everyone's withdrawals, newest first (admin)",
      auth: "required",
      query: z.object({
        status: z
          .enum([...WITHDRAWAL_STATUSES, "all"])
          .optional()
          .describe("Only withdrawals in this status; empty or `all`: every status"),
        limit: z.number().int().min(1).max(500).optional(),
        offset: z.number().int().min(0).optional(),
      }),
      responses: {
        200: json(adminWithdrawalListSchema, "Newest first (default 200)"),
        400: invalidQuery("An unknown `status`, or invalid `limit`/`offset`."),
        ...adminOnly,
      },
    },
    {
      method: "put",
      path: "/api/admin/tokens/withdrawals/{id}/status",
      operationId: "adminUpdateWithdrawalStatus",
      summary: "Move a withdrawal through its state machine (admin)",
      description:
        "Completed captures the hold (a `withdrawal` entry in the user's transfer history), failed and cancelled release it; all three are final. " +
        "For `loop`: processing first asks the vault (a simulation; if it refuses, e.g. `InsufficientReserve`, the withdrawal stays pending), then commits " +
        "the payout intent (processing with no `transactionId`, `payoutInProgress: true`), stores the signed `LoopVault.payout(destination, amount, withdrawalId)` " +
        "transaction, broadcasts it and waits for its receipt, then records its hash as `transactionId`. When the outcome is not seen (an RPC failure, a receipt " +
        "that does not come) the answer is 503 `Payout Pending: …` and the payout reconciler settles it by what the vault records: completed once paid, " +
        "re-sent only when the chain proves it was not paid, pending again with `payoutError` when the chain refused it. While a payout is in progress " +
        "nothing can change it (409). It is completed with the payout's hash once the payout is confirmed on chain, and cannot fail after it was paid.",
      auth: "required",
      params: idParam,
      body: withdrawalStatusUpdateSchema,
      responses: {
        200: json(adminWithdrawalSchema, "The withdrawal after the change"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON", "INVALID_PAYOUT_TRANSACTION"],
          "`Missing Information: Please select an action`, `Invalid Status: …`, `Missing Transaction ID: Transaction ID is required for completed withdrawals`, " +
            "`Missing Failure Reason: Failure reason is required for failed withdrawals`, `Invalid Transaction ID: …` (a `loop` payout completed with another hash), or malformed JSON.",
        ),
        ...adminOnly,
        404: failure(["WITHDRAWAL_NOT_FOUND"], "`Withdrawal Not Found`."),
        409: failure(
          [
            "INVALID_STATUS_CHANGE",
            "PAYOUT_REFUSED",
            "PAYOUT_NOT_CONFIRMED",
            "PAYOUT_ALREADY_SENT",
            "PAYOUT_IN_PROGRESS",
            "PAYOUT_REVERTED",
          ],
          "`Invalid Status Change: A {from} withdrawal cannot become {to}`; for `loop`: `Payout Failed: LoopVault refused the payout (…)` with the contract's reason, " +
            "`Payout Not Confirmed: …`, `Payout Already Sent: …`, `Payout In Progress: …` (the chain decides a payout that was sent or is being sent), " +
            "or `Payout Failed: Payout transaction … reverted …; the withdrawal is pending again`.",
        ),
        413: bodyTooLarge,
        503: failure(
          ["PAYOUTS_UNAVAILABLE", "PAYOUT_CHAIN_UNAVAILABLE", "PAYOUT_PENDING"],
          "For `loop`: payouts are not configured (no operator key or no LoopVault), or the chain did not answer before the intent (nothing changed, try again); " +
            "or `Payout Pending: …` after it (the payout may be on its way: it is settled automatically by what the chain records).",
        ),
      },
    },
  ],
});
