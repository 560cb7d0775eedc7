/**
 * The admin's user management: GET /api/admin/users?search=, PUT /api/admin/users/:id/admin,
 * PUT /api/admin/users/:id/ban, POST /api/admin/users/:id/warning, PATCH /api/admin/users/:id/sale-hold,
 * PUT /api/admin/users/:id/withdrawals (docs/product.md#admin-dashboard, docs/product.md#data, docs/product.md#validation,
 * docs/product.md#sale-hold).
 */
import { z } from "zod";
import { SALE_HOLD_BASES, SALE_HOLD_DAYS_MAX } from "../chargebacks";
import { checkRequiredReason, pageQuery, reasonText, wholeNumber } from "./fields";

export const WARNING_SEVERITIES = ["low", "medium", "high"] as const;
export type WarningSeverity = (typeof WARNING_SEVERITIES)[number];

export const BAN_REASON_MAX = 500;
export const WARNING_MESSAGE_MAX = 1000;
export const ADMIN_LIST_LIMIT_MAX = 100;

export { BANNED_MESSAGE_START, bannedMessage } from "../bans";

export const ADMIN_USER_MESSAGES = {
  notFound: "User Not Found",
  invalidAdminFlag: "Invalid Request: isAdmin must be true or false",
  lastAdmin: "Cannot Remove Admin: You are the last admin of the marketplace",
  invalidBanFlag: "Invalid Request: isBanned must be true or false",
  banReasonRequired: "Ban Reason Required: Please give a reason for the ban",
  banReasonTooLong: `Ban reason must be at most ${BAN_REASON_MAX} characters`,
  cannotBanSelf: "Cannot Ban: You cannot ban your own account",
  cannotBanAdmin: "Cannot Ban: Remove the user's admin status first",
  cannotPromoteBanned: "Cannot Make Admin: Unban the user first",
  warningRequired: "Warning Required: Please enter a warning message",
  warningTooLong: `Warning must be at most ${WARNING_MESSAGE_MAX} characters`,
  invalidSeverity: "Invalid Severity: Choose low, medium or high",
  invalidSaleHoldApproval: "Invalid Request: approved must be true or false",
  invalidSaleHoldDays: `Invalid Sale Hold: Enter whole days from 0 to ${SALE_HOLD_DAYS_MAX}, or none`,
  saleHoldNothingToChange: "Nothing to Change: Send approved or holdDays",
  invalidSuspendedFlag: "Invalid Request: suspended must be true or false",
} as const;

/** ?search= (username, e-mail or wallet, case-insensitive, part of the text), limit, offset. */
export const adminListQuerySchema = z.object({
  search: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 200) || undefined),
  ...pageQuery(ADMIN_LIST_LIMIT_MAX, 50),
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  walletAddress: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  level: z.number().int(),
  experience: z.number().int(),
  totalEarned: z.string().describe("LOOP earned from sales (8 decimals)"),
  totalSpent: z.string().describe("LOOP spent on purchases (8 decimals)"),
  warnings: z.number().int().nonnegative().describe("Warnings given so far"),
  createdAt: z.string(),
  saleHold: z
    .object({
      days: z.number().int().nonnegative().describe("The hold a new card or PayPal sale of theirs gets now, in days"),
      basis: z
        .enum(SALE_HOLD_BASES)
        .describe(
          "custom: the admin's days for this seller; approved: an admin approved them (the normal hold); standard: they have the history, or the rule holds no longer; new_seller: the new-seller hold",
        ),
      approved: z.boolean().describe("An admin approved the seller"),
      customDays: z.number().int().nonnegative().nullable().describe("The admin's hold for this seller, in days; null: none"),
      oldSales: z.number().int().nonnegative().describe("Completed (not reversed) card and PayPal sales older than the chargeback window"),
    })
    .describe("The hold of their card and PayPal sale proceeds (docs/product.md#sale-hold)"),
  chargebacks: z.number().int().nonnegative().describe("Card and PayPal payments for their sales that were disputed (chargebacks)"),
  withdrawalsSuspendedAt: z
    .string()
    .nullable()
    .describe("When their withdrawals were suspended (a second chargeback, or an admin); null: not suspended"),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Counts of the whole user base (not of the search): the Moderation tab's figures. */
export const userCountsSchema = z.object({
  active: z.number().int().nonnegative().describe("Users not banned"),
  banned: z.number().int().nonnegative(),
  admins: z.number().int().nonnegative(),
});
export type UserCounts = z.infer<typeof userCountsSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int().nonnegative().describe("Users matching the search"),
  counts: userCountsSchema,
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const setAdminRequestSchema = z.object({
  isAdmin: z.boolean({ error: ADMIN_USER_MESSAGES.invalidAdminFlag }),
});
export type SetAdminRequest = z.output<typeof setAdminRequestSchema>;

/** Ban needs a reason; unban does not (docs/product.md#bans). */
export const banRequestSchema = z
  .object({
    isBanned: z.boolean({ error: ADMIN_USER_MESSAGES.invalidBanFlag }),
    banReason: reasonText,
  })
  .superRefine((body, ctx) => {
    if (!body.isBanned) return;
    checkRequiredReason(body.banReason, ctx, {
      path: "banReason",
      max: BAN_REASON_MAX,
      required: ADMIN_USER_MESSAGES.banReasonRequired,
      tooLong: ADMIN_USER_MESSAGES.banReasonTooLong,
    });
  });
/** What a client sends. */
export type BanRequestInput = z.input<typeof banRequestSchema>;
/** What the API gets once the schema has parsed it. */
export type BanRequest = z.output<typeof banRequestSchema>;

export const warningRequestSchema = z.object({
  message: z
    .string({ error: ADMIN_USER_MESSAGES.warningRequired })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, ADMIN_USER_MESSAGES.warningRequired).max(WARNING_MESSAGE_MAX, ADMIN_USER_MESSAGES.warningTooLong)),
  severity: z.enum(WARNING_SEVERITIES, { error: ADMIN_USER_MESSAGES.invalidSeverity }),
});
export type WarningRequest = z.input<typeof warningRequestSchema>;

export const warningResponseSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  message: z.string(),
  severity: z.enum(WARNING_SEVERITIES),
  createdAt: z.string(),
});
export type WarningResponse = z.infer<typeof warningResponseSchema>;

/** PATCH /api/admin/users/:id/sale-hold: approve the seller (the normal hold) and/or give them their own hold in days (null: none). */
export const saleHoldRequestSchema = z
  .object({
    approved: z.boolean({ error: ADMIN_USER_MESSAGES.invalidSaleHoldApproval }).optional(),
    holdDays: wholeNumber(0, SALE_HOLD_DAYS_MAX, ADMIN_USER_MESSAGES.invalidSaleHoldDays).nullable().optional(),
  })
  .refine((body) => body.approved !== undefined || body.holdDays !== undefined, { message: ADMIN_USER_MESSAGES.saleHoldNothingToChange });
export type SaleHoldRequest = z.output<typeof saleHoldRequestSchema>;

/** PUT /api/admin/users/:id/withdrawals: suspend the member's withdrawals, or lift the suspension. */
export const withdrawalSuspensionRequestSchema = z.object({
  suspended: z.boolean({ error: ADMIN_USER_MESSAGES.invalidSuspendedFlag }),
});
export type WithdrawalSuspensionRequest = z.output<typeof withdrawalSuspensionRequestSchema>;
