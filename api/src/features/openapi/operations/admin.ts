import { adminStatsSchema, vaultDepositRequestSchema } from "@loop/rules/schemas/admin";
import { TOKEN_ORDER_STATUSES, adminTokenOrderListSchema, adminTokenOrderSchema, rejectTokenOrderSchema } from "@loop/rules/schemas/token-orders";
import { z } from "zod";
import { bodyTooLarge, failure, json } from "../responses";
import { defineFeature } from "../spec";

const notAdmin = failure("Not an admin (`Access Denied: You need admin privileges to access this page.`), a banned account, or a cross-site request.");
const signedOut = failure("Not signed in, or the session has expired (`Unauthorized`).");
const orderId = z.object({ id: z.string() });
const orderNotFound = failure("`Order Not Found: No token order has this ID`.");
const notPending = failure("`Order Already Processed: This order was already {fulfilled|rejected}`: only pending orders can be fulfilled or rejected.");

export const adminOperations = defineFeature({
  tag: "admin",
  description: "The admin dashboard: token orders, the vault and the figures. Every call needs an admin session (403 otherwise).",
  schemas: { AdminTokenOrder: adminTokenOrderSchema, RejectTokenOrderRequest: rejectTokenOrderSchema, VaultDepositRequest: vaultDepositRequestSchema, AdminStats: adminStatsSchema },
  operations: [
    {
      method: "get",
      path: "/api/admin/admin-orders",
      operationId: "adminListTokenOrders",
      summary: "Every user's token orders, newest first, optionally by status",
      auth: "required",
      query: z.object({
        status: z.enum(TOKEN_ORDER_STATUSES).optional(),
        limit: z.number().int().min(1).max(200).optional(),
        offset: z.number().int().min(0).optional(),
      }),
      responses: {
        200: json(adminTokenOrderListSchema, "Newest first (default 100), with the buyer's id, username and e-mail"),
        400: failure("Invalid `status`, `limit` or `offset`."),
        401: signedOut,
        403: notAdmin,
      },
    },
    {
      method: "post",
      path: "/api/admin/admin-orders/{id}/fulfil",
      operationId: "adminFulfilTokenOrder",
      summary: "Credit a pending order's LOOP to the buyer, once",
      description:
        "One ledger entry `admin_airdrop` from issuance to the buyer (key `token-order:<id>:fulfil`) and a `success` notification, " +
        "in one transaction on the locked order: two admins at once credit once (the other gets 409).",
      auth: "required",
      params: orderId,
      responses: { 200: json(adminTokenOrderSchema, "The fulfilled order"), 401: signedOut, 403: notAdmin, 404: orderNotFound, 409: notPending },
    },
    {
      method: "post",
      path: "/api/admin/admin-orders/{id}/reject",
      operationId: "adminRejectTokenOrder",
      summary: "Reject a pending order, with a reason the buyer sees",
      description: "Nothing moves in the ledger (nothing was held). The buyer gets a `warning` notification with the reason.",
      auth: "required",
      params: orderId,
      body: rejectTokenOrderSchema,
      responses: {
        200: json(adminTokenOrderSchema, "The rejected order"),
        400: failure("`Missing Reason: Please give a reason for rejecting this order`, a reason too long, or malformed JSON."),
        401: signedOut,
        403: notAdmin,
        404: orderNotFound,
        409: notPending,
        413: bodyTooLarge,
      },
    },
    {
      method: "post",
      path: "/api/admin/vault/deposit",
      operationId: "adminVaultDeposit",
      summary: "Move platform earnings into the withdrawal reserve",
      description:
        "One `vault_deposit` ledger entry from the fees account to the vault account; never more than the fees account holds. " +
        "Accepts an `Idempotency-Key` header: a retry never moves the money twice.",
      auth: "required",
      body: vaultDepositRequestSchema,
      responses: {
        200: json(adminStatsSchema, "The admin stats after the deposit"),
        400: failure(
          "`Missing Amount: Please enter an amount to deposit`, `Invalid Amount: Amount must be greater than 0`, more than 8 decimals, " +
            "`Insufficient Earnings: Only {n} LOOP of platform earnings can be deposited`, an invalid `Idempotency-Key`, or malformed JSON.",
        ),
        401: signedOut,
        403: notAdmin,
        409: failure("The `Idempotency-Key` was used with another request, or its first request is still being processed."),
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/admin/stats",
      operationId: "adminStats",
      summary: "The dashboard's figures",
      description:
        "`activeUsers`: users with a session used or created in the last 30 days. `totalRevenue`: USD, price + fee of every purchase. " +
        "`platformEarnings`: LOOP in the fees account; `availableWithdrawal`: LOOP in the vault (withdrawal reserve) account.",
      auth: "required",
      responses: { 200: json(adminStatsSchema, "The figures"), 401: signedOut, 403: notAdmin },
    },
  ],
});
