import { adminStatsSchema, vaultDepositRequestSchema } from "@loop/rules/schemas/admin";
import {
  adminAnalyticsDaySchema,
  adminAnalyticsQuerySchema,
  adminAnalyticsSchema,
  chargebackLossSellerSchema,
  moneyHealthChainSchema,
} from "@loop/rules/schemas/admin-analytics";
import { adminLevelOverviewSchema } from "@loop/rules/schemas/admin-levels";
import {
  adminLoopListSchema,
  adminLoopSchema,
  loopModerationRequestSchema,
  loopVisibilityRequestSchema,
} from "@loop/rules/schemas/admin-loops";
import {
  ADMIN_LIST_LIMIT_MAX,
  adminUserListSchema,
  adminUserSchema,
  banRequestSchema,
  saleHoldRequestSchema,
  setAdminRequestSchema,
  warningRequestSchema,
  warningResponseSchema,
  withdrawalSuspensionRequestSchema,
} from "@loop/rules/schemas/admin-users";
import { auditLogSchema } from "@loop/rules/schemas/audit-log";
import {
  resolveDiscrepancySchema,
  settlementDiscrepancyListSchema,
  settlementDiscrepancySchema,
} from "@loop/rules/schemas/settlement-discrepancies";
import { vaultBackingSchema } from "@loop/rules/schemas/vault-backing";
import { adminNotificationResponseSchema, adminNotificationSchema } from "@loop/rules/schemas/notifications";
import {
  TOKEN_ORDER_STATUSES,
  adminTokenOrderListSchema,
  adminTokenOrderSchema,
  rejectTokenOrderSchema,
} from "@loop/rules/schemas/token-orders";
import { z } from "zod";
import { adminOnly, bodyTooLarge, failure, idempotencyKeyReused, invalidQuery, json, notAdmin, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

const orderNotFound = failure(["TOKEN_ORDER_NOT_FOUND"], "`Order Not Found: No token order has this ID`.");
const userId = z.object({ id: z.string().describe("The user's id") });
const loopId = z.object({ id: z.string().describe("The loop's id") });
const userNotFound = failure(["USER_NOT_FOUND"], "`User Not Found` (an unknown or malformed id).");
const loopNotFound = failure(["LOOP_NOT_FOUND"], "`Loop Not Found` (an unknown or malformed id).");
const listQuery = (what: string) =>
  z.object({
    search: z.string().optional().describe(what),
    limit: z.number().int().min(1).max(ADMIN_LIST_LIMIT_MAX).optional().describe("Default 50"),
    offset: z.number().int().min(0).optional(),
  });
const notPending = failure(
  ["TOKEN_ORDER_ALREADY_PROCESSED"],
  "`Order Already Processed: This order was already {fulfilled|rejected}`: only pending orders can be fulfilled or rejected.",
);

export const adminOperations = defineFeature({
  tag: "admin",
  description:
    "The admin dashboard: token orders, the vault, the figures, users (admin status, bans, warnings, sale holds, withdrawal suspensions), loops (visibility, moderation), " +
    "level rewards, notifications to one user or to all, and the audit log. Every call needs an admin session (403 otherwise); " +
    "every change is recorded in the audit log in the transaction that makes it.",
  schemas: {
    AdminTokenOrder: adminTokenOrderSchema,
    RejectTokenOrderRequest: rejectTokenOrderSchema,
    VaultDepositRequest: vaultDepositRequestSchema,
    AdminStats: adminStatsSchema,
    AdminAnalytics: adminAnalyticsSchema,
    AdminAnalyticsDay: adminAnalyticsDaySchema,
    MoneyHealthChain: moneyHealthChainSchema,
    ChargebackLossSeller: chargebackLossSellerSchema,
    SettlementDiscrepancy: settlementDiscrepancySchema,
    SettlementDiscrepancyList: settlementDiscrepancyListSchema,
    ResolveDiscrepancyRequest: resolveDiscrepancySchema,
    AdminUser: adminUserSchema,
    AdminUserList: adminUserListSchema,
    SetAdminRequest: setAdminRequestSchema,
    BanRequest: banRequestSchema,
    WarningRequest: warningRequestSchema,
    WarningResponse: warningResponseSchema,
    SaleHoldRequest: saleHoldRequestSchema,
    WithdrawalSuspensionRequest: withdrawalSuspensionRequestSchema,
    AdminLoop: adminLoopSchema,
    AdminLoopList: adminLoopListSchema,
    LoopVisibilityRequest: loopVisibilityRequestSchema,
    LoopModerationRequest: loopModerationRequestSchema,
    AdminLevelOverview: adminLevelOverviewSchema,
    AdminNotificationRequest: adminNotificationSchema,
    AdminNotificationResponse: adminNotificationResponseSchema,
    AuditLog: auditLogSchema,
  },
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
        400: invalidQuery("Invalid `status`, `limit` or `offset`."),
        ...adminOnly,
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
      params: idParams,
      responses: {
        200: json(adminTokenOrderSchema, "The fulfilled order"),
        ...adminOnly,
        404: orderNotFound,
        409: notPending,
      },
    },
    {
      method: "post",
      path: "/api/admin/admin-orders/{id}/reject",
      operationId: "adminRejectTokenOrder",
      summary: "Reject a pending order, with a reason the buyer sees",
      description: "Nothing moves in the ledger (nothing was held). The buyer gets a `warning` notification with the reason.",
      auth: "required",
      params: idParams,
      body: rejectTokenOrderSchema,
      responses: {
        200: json(adminTokenOrderSchema, "The rejected order"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Missing Reason: Please give a reason for rejecting this order`, a reason too long, or malformed JSON.",
        ),
        ...adminOnly,
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
          ["VALIDATION_FAILED", "MALFORMED_JSON", "IDEMPOTENCY_KEY_INVALID", "INSUFFICIENT_EARNINGS"],
          "`Missing Amount: Please enter an amount to deposit`, `Invalid Amount: Amount must be greater than 0`, more than 8 decimals, " +
            "`Insufficient Earnings: Only {n} LOOP of platform earnings can be deposited`, an invalid `Idempotency-Key`, or malformed JSON.",
        ),
        ...adminOnly,
        409: idempotencyKeyReused,
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/admin/vault/backing",
      operationId: "adminVaultBacking",
      summary: "Whether LoopVault's reserve backs what the ledger owes through it, per chain",
      description:
        "Per configured chain with contracts: the on-chain `reserve` and `fees` of LoopVault, the ledger's vault `liability` (LOOP credited in app " +
        "for LOOP that entered the vault — deposits, sales to members without a wallet — less the LOOP of `loop` withdrawals paid out of it), " +
        "the `difference` (reserve − liability) and every known cause of it with its amount; `unexplained` is what the causes leave over. " +
        "Also the payout limit of the vault and what it leaves in the current period, and, for the platform, the LOOP in members' balances, " +
        "the LOOP issued in the app and the treasury's funding. Amounts are LOOP, exact to the wei. A chain or an indexer that cannot be read " +
        "gives null figures and a `problem`, not an error.",
      auth: "required",
      responses: { 200: json(vaultBackingSchema, "The figures"), 401: signInRequired, 403: notAdmin },
    },
    {
      method: "get",
      path: "/api/admin/stats",
      operationId: "adminStats",
      summary: "The dashboard's figures",
      description:
        "`activeUsers`: users with a session used or created in the last 30 days. `totalRevenue`: USD, price + fee of every purchase. " +
        "`platformEarnings`: LOOP in the fees account; `availableWithdrawal`: LOOP in the vault (withdrawal reserve) account; " +
        "`onChainVaultReserve`: LOOP held by the LoopVault contract on the default chain, null when the chain cannot be read.",
      auth: "required",
      responses: { 200: json(adminStatsSchema, "The figures"), 401: signInRequired, 403: notAdmin },
    },
    {
      method: "get",
      path: "/api/admin/analytics",
      operationId: "adminAnalytics",
      summary: "The platform's figures per UTC day, and the money's health per chain (the Overview tab's charts)",
      description:
        "Per day of the range (zeros included): sales, volume (price + fee: what the buyers paid) and fees by way of paying, in USD and " +
        "LOOP, a refunded or reversed sale taken out of its day; new members; active members (a signed-in request on the day); uploads; " +
        "loops whose processing failed; withdrawals requested (by the day requested) and paid (by the day completed). Per configured chain " +
        "with contracts: LoopVault's reserve beside the ledger's liability sampled hourly, deposits credited and `loop` withdrawals paid out " +
        "per day, the settlement lag and the latest gap with its causes (as of the latest sample). Read from daily rollups kept as the " +
        "events happen. Beside them, whatever the range: the sellers whose card or PayPal sales were reversed after their hold (the " +
        "platform's chargeback losses), the largest loss first, with their chargebacks and whether their withdrawals are suspended.",
      auth: "required",
      query: adminAnalyticsQuerySchema,
      responses: {
        200: json(adminAnalyticsSchema, "The figures"),
        400: invalidQuery("`Invalid Range: Choose 7d, 30d, 90d or all.`"),
        ...adminOnly,
      },
    },
    {
      method: "get",
      path: "/api/admin/users",
      operationId: "adminListUsers",
      summary: "Users, newest first, with the counts of the whole user base",
      description:
        "`search` matches part of the username, the e-mail or the wallet address, case-insensitively. `total` counts the matches; " +
        "`counts` (active = not banned, banned, admins) are over every user. `totalEarned`/`totalSpent`: LOOP from sales and paid for purchases.",
      auth: "required",
      query: listQuery("Part of a username, e-mail or wallet address"),
      responses: {
        200: json(adminUserListSchema, "One page"),
        400: invalidQuery("Invalid `limit` or `offset`."),
        ...adminOnly,
      },
    },
    {
      method: "put",
      path: "/api/admin/users/{id}/admin",
      operationId: "adminSetAdminStatus",
      summary: "Grant or revoke admin status",
      description:
        "The user is notified (`Admin Access Granted` / `Admin Access Removed`). The last admin cannot lose the status, even when two admins revoke each other at once.",
      auth: "required",
      params: userId,
      body: setAdminRequestSchema,
      responses: {
        200: json(adminUserSchema, "The user"),
        400: failure(["VALIDATION_FAILED", "MALFORMED_JSON"], "`Invalid Request: isAdmin must be true or false`, or malformed JSON."),
        ...adminOnly,
        404: userNotFound,
        409: failure(
          ["LAST_ADMIN", "CANNOT_PROMOTE_BANNED"],
          "`Cannot Remove Admin: You are the last admin of the marketplace`, or `Cannot Make Admin: Unban the user first`.",
        ),
        413: bodyTooLarge,
      },
    },
    {
      method: "put",
      path: "/api/admin/users/{id}/ban",
      operationId: "adminSetBanStatus",
      summary: "Ban (with a reason) or unban a user",
      description:
        "Applies to the user's next request in every session (sessions are kept: a banned user still sees why through `GET /api/auth/user`). " +
        "The user is notified (`Account Banned` with the reason / `Account Restored`). Unbanning clears the reason.",
      auth: "required",
      params: userId,
      body: banRequestSchema,
      responses: {
        200: json(adminUserSchema, "The user"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON", "CANNOT_BAN_SELF"],
          "`Ban Reason Required: Please give a reason for the ban`, a reason too long, `Invalid Request: isBanned must be true or false`, `Cannot Ban: You cannot ban your own account`, or malformed JSON.",
        ),
        ...adminOnly,
        404: userNotFound,
        409: failure(["CANNOT_BAN_ADMIN"], "`Cannot Ban: Remove the user's admin status first`."),
        413: bodyTooLarge,
      },
    },
    {
      method: "post",
      path: "/api/admin/users/{id}/warning",
      operationId: "adminWarnUser",
      summary: "Warn a user: a recorded warning and a notification",
      description: "The notification's type follows the severity: low → info, medium → warning, high → error.",
      auth: "required",
      params: userId,
      body: warningRequestSchema,
      responses: {
        201: json(warningResponseSchema, "The warning"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Warning Required: Please enter a warning message`, a message too long, `Invalid Severity: Choose low, medium or high`, or malformed JSON.",
        ),
        ...adminOnly,
        404: userNotFound,
        413: bodyTooLarge,
      },
    },
    {
      method: "patch",
      path: "/api/admin/users/{id}/sale-hold",
      operationId: "adminSetSaleHold",
      summary: "A seller's sale hold: approve them (the normal hold) and/or give them their own hold in days",
      description:
        "How long the proceeds of the seller's new card and PayPal sales are held (docs/product.md#sale-hold): their own days when set " +
        "(`holdDays`, 0–180; null removes it), else the normal hold (`fiatHoldDays`) when approved or when they have the history " +
        "(`trustedSellerSales` completed sales older than the 120-day chargeback window), else the longer new-seller hold. A sale keeps " +
        "the release time it was made with. Audited (`user.sale_hold_changed`).",
      auth: "required",
      params: userId,
      body: saleHoldRequestSchema,
      responses: {
        200: json(adminUserSchema, "The user, with the hold their next sale gets"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Invalid Sale Hold: Enter whole days from 0 to 180, or none`, `Invalid Request: approved must be true or false`, " +
            "`Nothing to Change: Send approved or holdDays`, or malformed JSON.",
        ),
        ...adminOnly,
        404: userNotFound,
        413: bodyTooLarge,
      },
    },
    {
      method: "put",
      path: "/api/admin/users/{id}/withdrawals",
      operationId: "adminSetWithdrawalSuspension",
      summary: "Suspend a member's withdrawals, or lift the suspension (a second chargeback on their sales sets it)",
      description:
        "While suspended, `POST /api/tokens/withdraw` answers 403 `Withdrawals Suspended: …`. The member is notified " +
        "(`Withdrawals Suspended` / `Withdrawals Restored`). Audited (`user.withdrawals_suspended` / `user.withdrawals_restored`).",
      auth: "required",
      params: userId,
      body: withdrawalSuspensionRequestSchema,
      responses: {
        200: json(adminUserSchema, "The user"),
        400: failure(["VALIDATION_FAILED", "MALFORMED_JSON"], "`Invalid Request: suspended must be true or false`, or malformed JSON."),
        ...adminOnly,
        404: userNotFound,
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/admin/loops",
      operationId: "adminListLoops",
      summary: "Every loop whatever its status, newest first",
      auth: "required",
      query: listQuery("Part of the title, or of the creator's username or e-mail"),
      responses: {
        200: json(adminLoopListSchema, "One page"),
        400: invalidQuery("Invalid `limit` or `offset`."),
        ...adminOnly,
      },
    },
    {
      method: "put",
      path: "/api/admin/loops/{id}/visibility",
      operationId: "adminSetLoopVisibility",
      summary: "Make a loop public or private",
      auth: "required",
      params: loopId,
      body: loopVisibilityRequestSchema,
      responses: {
        200: json(adminLoopSchema, "The loop"),
        400: failure(["VALIDATION_FAILED", "MALFORMED_JSON"], "`Invalid Request: isPublic must be true or false`, or malformed JSON."),
        ...adminOnly,
        404: loopNotFound,
        413: bodyTooLarge,
      },
    },
    {
      method: "put",
      path: "/api/admin/loops/{id}/moderation",
      operationId: "adminModerateLoop",
      summary: "Hide a ready loop (with a reason) or restore a hidden one",
      description:
        "Hidden (status `hidden`): gone from the catalog, search and profiles at once, and it cannot be bought; buyers keep their downloads. " +
        "Restoring makes it `ready` again. The creator is notified (`Loop Hidden` with the reason / `Loop Restored`).",
      auth: "required",
      params: loopId,
      body: loopModerationRequestSchema,
      responses: {
        200: json(adminLoopSchema, "The loop"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Reason Required: Please say why the loop is hidden`, a reason too long, `Invalid Request: hidden must be true or false`, or malformed JSON.",
        ),
        ...adminOnly,
        404: loopNotFound,
        409: failure(
          ["CANNOT_HIDE_LOOP", "CANNOT_RESTORE_LOOP"],
          "`Cannot Hide: Only a processed loop can be hidden` or `Cannot Restore: The loop is not hidden`.",
        ),
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/admin/level-rewards",
      operationId: "adminLevelOverview",
      summary: "Users per level title, the top users, and the level rewards paid",
      description: "Top users: by level, then experience; banned users are left out.",
      auth: "required",
      responses: { 200: json(adminLevelOverviewSchema, "The overview"), 401: signInRequired, 403: notAdmin },
    },
    {
      method: "post",
      path: "/api/admin/notifications",
      operationId: "adminSendNotification",
      summary: "Send a notification to one user, or to every user",
      description:
        'To one user (`userId`): written at once (201). To everyone (`userId: "all"`): a broadcast is queued (202) and a job gives every user ' +
        "who is not banned exactly one copy, in batches.",
      auth: "required",
      body: adminNotificationSchema,
      responses: {
        201: json(adminNotificationResponseSchema, "Sent to the user"),
        202: json(adminNotificationResponseSchema, "Queued for every user"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Title is required`, `Message is required`, `Invalid Type: …`, `Invalid Button URL: …`, `Invalid Recipient: …`, a text too long, or malformed JSON.",
        ),
        ...adminOnly,
        404: userNotFound,
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/admin/settlement-discrepancies",
      operationId: "adminSettlementDiscrepancies",
      summary: "Chain events that moved value the app could not record, not resolved yet (oldest first)",
      description:
        "An accepted wallet offer whose sale could not be recorded (the negotiation unknown or closed, an amount that differs from the " +
        "one agreed, the loop gone, a buyer who owned it already), a payout for a withdrawal given back in the app. Every admin is told " +
        "(`Settlement Discrepancy`, or `Payout Discrepancy`) when one is settled.",
      auth: "required",
      responses: { 200: json(settlementDiscrepancyListSchema, "The open discrepancies"), 401: signInRequired, 403: notAdmin },
    },
    {
      method: "post",
      path: "/api/admin/settlement-discrepancies/{id}/resolve",
      operationId: "adminResolveSettlementDiscrepancy",
      summary: "Resolve a settlement discrepancy with a note of what was done",
      description: "Written once, with the admin and the time, and recorded in the audit log; the overview no longer lists it.",
      auth: "required",
      params: z.object({ id: z.string().describe("The discrepancy's id") }),
      body: resolveDiscrepancySchema,
      responses: {
        200: json(settlementDiscrepancySchema, "The resolved discrepancy"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          "`Resolution Required: say what was done about it`, `Resolution Too Long: …`, or malformed JSON.",
        ),
        ...adminOnly,
        404: failure(["DISCREPANCY_NOT_FOUND"], "`Discrepancy Not Found: no settlement discrepancy has this ID`."),
        409: failure(["DISCREPANCY_RESOLVED"], "`Discrepancy Already Resolved: another admin resolved it first`."),
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/admin/audit-log",
      operationId: "adminAuditLog",
      summary: "The admin actions, newest first",
      auth: "required",
      query: z.object({
        limit: z.number().int().min(1).max(100).optional().describe("Default 50"),
        offset: z.number().int().min(0).optional(),
      }),
      responses: {
        200: json(auditLogSchema, "One page, with the admin who acted"),
        400: invalidQuery("Invalid `limit` or `offset`."),
        ...adminOnly,
      },
    },
  ],
});
