// The admin's user management: the searchable user list with the Moderation tab's counts, admin
// status (never the last admin), bans and warnings, a seller's sale hold and the suspension of their
// withdrawals (issue 35, docs/product.md#sale-hold). Every change is one transaction with its
// notification to the user (the sale hold has none) and its audit entry.
import { paths } from "@loop/rules/paths";
import {
  bannedMessage,
  type AdminListQuery,
  type AdminUser,
  type AdminUserList,
  type UserCounts,
  type WarningResponse,
  type WarningSeverity,
  type BanRequest,
  type WarningRequest,
  type SetAdminRequest,
  type SaleHoldRequest,
  type WithdrawalSuspensionRequest,
} from "@loop/rules/schemas/admin-users";
import { WITHDRAWAL_MESSAGES } from "@loop/rules/schemas/withdrawals";
import { formatLoop } from "@loop/rules/units";
import { Prisma, type PrismaClient, type Tx } from "../../db/prisma";
import { sellerHolds, type SellerHold } from "../checkout/seller-hold";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { earningsByUser } from "../levels/earnings";
import { catalogChanged } from "../loops/catalog-cache";
import { createNotificationInTx, type NotificationInput, type NotificationType } from "../notifications/create-notification";
import { recordAdminActionInTx, type AdminActionRecord } from "./audit-log";
import { foundById, UUID } from "../../http/uuid";
import { containsPattern } from "../../db/like";
import { TX_QUEUED } from "../../db/transactions";
import { windowedTotal } from "../../db/windowed-total";
import { DomainError } from "../../domain-error";

interface UserRow {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  walletAddress: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  isBanned: boolean;
  banReason: string | null;
  level: number;
  experience: number;
  saleHoldApproved: boolean;
  saleHoldDays: number | null;
  withdrawalsSuspendedAt: Date | null;
  createdAt: Date;
  total?: bigint;
}

const USER_COLUMNS = Prisma.sql`u."id"::text AS "id", u."username", u."first_name" AS "firstName", u."last_name" AS "lastName", u."email",
  w."address" AS "walletAddress", u."profile_image_url" AS "profileImageUrl", u."is_admin" AS "isAdmin", u."is_banned" AS "isBanned",
  u."ban_reason" AS "banReason", u."level", u."experience", u."sale_hold_approved" AS "saleHoldApproved", u."sale_hold_days" AS "saleHoldDays",
  u."withdrawals_suspended_at" AS "withdrawalsSuspendedAt", u."created_at" AS "createdAt"`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Per user: the disputed card and PayPal payments of their sales (chargebacks). */
export async function chargebacksBySeller(db: PrismaClient | Tx, sellerIds: string[]): Promise<Map<string, number>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ seller_id: string; n: number }[]>`
    SELECT l."user_id"::text AS "seller_id", COUNT(*)::int AS "n" FROM "app"."checkouts" c JOIN "app"."loops" l ON l."id" = c."loop_id"
    WHERE l."user_id" = ANY(${sellerIds}::uuid[]) AND c."status" = 'reversed' AND c."reversal_reason" = 'dispute'
    GROUP BY l."user_id"`;
  return new Map(rows.map((row) => [row.seller_id, Number(row.n)]));
}

/** LOOP earned and spent (levels/earnings.ts, as on the own profile), warnings, sale hold and chargebacks, for a page of users. */
async function toAdminUsers(db: PrismaClient | Tx, rows: UserRow[]): Promise<AdminUser[]> {
  const ids = rows.map((row) => row.id);
  // One after the other: `db` may be a transaction.
  const earnings = await earningsByUser(db, ids);
  const warnings = ids.length
    ? await db.$queryRaw<{ user_id: string; n: bigint }[]>`
        SELECT "user_id"::text AS "user_id", COUNT(*)::bigint AS "n" FROM "app"."user_warnings" WHERE "user_id" = ANY(${ids}::uuid[]) GROUP BY "user_id"`
    : [];
  const warned = new Map(warnings.map((row) => [row.user_id, Number(row.n)]));
  const holds = ids.length ? await sellerHolds(db, rows, await settingsInUse(db), new Date(), true) : new Map<string, SellerHold>();
  const chargebacks = await chargebacksBySeller(db, ids);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    walletAddress: row.walletAddress,
    profileImageUrl: row.profileImageUrl,
    isAdmin: row.isAdmin,
    isBanned: row.isBanned,
    banReason: row.banReason,
    level: row.level,
    experience: row.experience,
    totalEarned: formatLoop(earnings.get(row.id)?.earned ?? 0n),
    totalSpent: formatLoop(earnings.get(row.id)?.spent ?? 0n),
    warnings: warned.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    saleHold: saleHoldView(holds.get(row.id)!),
    chargebacks: chargebacks.get(row.id) ?? 0,
    withdrawalsSuspendedAt: row.withdrawalsSuspendedAt ? row.withdrawalsSuspendedAt.toISOString() : null,
  }));
}

function saleHoldView(hold: SellerHold): AdminUser["saleHold"] {
  return {
    days: Math.round(hold.ms / DAY_MS),
    basis: hold.basis,
    approved: hold.approved,
    customDays: hold.customDays,
    oldSales: hold.oldSales,
  };
}

/** Banned users and admins are few: counted from their partial indexes; all users from the smallest index. */
export async function userCounts(db: PrismaClient | Tx): Promise<UserCounts> {
  const rows = await db.$queryRaw<{ total: bigint; banned: bigint; admins: bigint }[]>`
    SELECT (SELECT COUNT(*) FROM "app"."users")::bigint AS "total",
      (SELECT COUNT(*) FROM "app"."users" WHERE "is_banned")::bigint AS "banned",
      (SELECT COUNT(*) FROM "app"."users" WHERE "is_admin")::bigint AS "admins"`;
  const row = rows[0]!;
  return { active: Number(row.total - row.banned), banned: Number(row.banned), admins: Number(row.admins) };
}

/**
 * GET /api/admin/users: one page, newest first. A search matches part of the username, the e-mail
 * or the wallet address (case-insensitive); its matches come from the trigram indexes, then the
 * page is taken with LIMIT (and the number of matches counted beside it, in the same query).
 */
export async function listAdminUsers(prisma: PrismaClient, query: AdminListQuery): Promise<AdminUserList> {
  if (!query.search) {
    const [counts, rows] = await Promise.all([
      userCounts(prisma),
      prisma.$queryRaw<UserRow[]>`
        SELECT ${USER_COLUMNS} FROM "app"."users" u LEFT JOIN "app"."wallet_links" w ON w."user_id" = u."id"
        ORDER BY u."created_at" DESC, u."id" DESC LIMIT ${query.limit} OFFSET ${query.offset}`,
    ]);
    return { users: await toAdminUsers(prisma, rows), total: counts.active + counts.banned, counts };
  }
  const pattern = containsPattern(query.search);
  const lower = containsPattern(query.search.toLowerCase());
  const matches = Prisma.sql`
    SELECT "id" FROM "app"."users" WHERE "username" ILIKE ${pattern} OR "email" ILIKE ${pattern}
    UNION SELECT "user_id" FROM "app"."wallet_links" WHERE lower("address") LIKE ${lower}`;
  const [counts, rows] = await Promise.all([
    userCounts(prisma),
    prisma.$queryRaw<UserRow[]>`
      SELECT ${USER_COLUMNS}, COUNT(*) OVER ()::bigint AS "total"
      FROM "app"."users" u LEFT JOIN "app"."wallet_links" w ON w."user_id" = u."id"
      WHERE u."id" IN (${matches})
      ORDER BY u."created_at" DESC, u."id" DESC LIMIT ${query.limit} OFFSET ${query.offset}`,
  ]);
  const total = await windowedTotal(
    rows,
    query.offset,
    () => prisma.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*)::bigint AS "n" FROM (${matches}) AS m`,
  );
  return { users: await toAdminUsers(prisma, rows), total, counts };
}

/** The user's row, locked until the transaction ends; 404 for an unknown or malformed id. */
function lockUser(tx: Tx, userId: string): Promise<UserRow> {
  return foundById(
    userId,
    "USER_NOT_FOUND",
    (id) => tx.$queryRaw<UserRow[]>`
      SELECT ${USER_COLUMNS} FROM "app"."users" u LEFT JOIN "app"."wallet_links" w ON w."user_id" = u."id"
      WHERE u."id" = ${id}::uuid FOR UPDATE OF u`,
  );
}

async function readUser(tx: Tx, userId: string): Promise<AdminUser> {
  const rows = await tx.$queryRaw<UserRow[]>`
    SELECT ${USER_COLUMNS} FROM "app"."users" u LEFT JOIN "app"."wallet_links" w ON w."user_id" = u."id" WHERE u."id" = ${userId}::uuid`;
  return (await toAdminUsers(tx, rows))[0]!;
}

/**
 * An admin's change to a member's account, in the caller's transaction: the row, the member's notice
 * (none for a sale hold) and the audit entry of `action`, with the fields `before` and `after`.
 */
async function changeUserInTx(
  tx: Tx,
  adminId: string,
  user: UserRow,
  change: Pick<AdminActionRecord, "action" | "before" | "after"> & {
    data: Prisma.UserUpdateInput;
    notice?: Omit<NotificationInput, "userId">;
  },
): Promise<void> {
  await tx.user.update({ where: { id: user.id }, data: change.data });
  if (change.notice) await createNotificationInTx(tx, { userId: user.id, ...change.notice });
  const { action, before, after } = change;
  await recordAdminActionInTx(tx, { adminId, action, targetType: "user", targetId: user.id, before, after });
}

/**
 * PUT /api/admin/users/:id/admin. Revoking locks every admin row (FOR UPDATE, in id order) before
 * counting: two admins revoking each other at once are serialized, and the second sees one admin left.
 */
export async function setAdminStatus(
  prisma: PrismaClient,
  adminId: string,
  userId: string,
  { isAdmin }: SetAdminRequest,
): Promise<AdminUser> {
  return prisma.$transaction(async (tx) => {
    if (!isAdmin && UUID.test(userId)) {
      const admins = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id"::text AS "id" FROM "app"."users" WHERE "is_admin" ORDER BY "id" FOR UPDATE`;
      if (admins.length === 1 && admins[0]!.id === userId.toLowerCase()) throw new DomainError("LAST_ADMIN");
    }
    const user = await lockUser(tx, userId);
    // Admins cannot be banned, so a banned user cannot become one either (nor stay the last admin).
    if (isAdmin && !user.isAdmin && user.isBanned) throw new DomainError("CANNOT_PROMOTE_BANNED");
    if (user.isAdmin !== isAdmin) {
      await changeUserInTx(tx, adminId, user, {
        data: { isAdmin },
        notice: {
          type: isAdmin ? "success" : "info",
          title: isAdmin ? "Admin Access Granted" : "Admin Access Removed",
          message: isAdmin ? "You are now an admin of the LOOP marketplace." : "You are no longer an admin of the LOOP marketplace.",
          actionUrl: isAdmin ? paths.root() : null,
          actionText: isAdmin ? "Open Dashboard" : null,
        },
        action: isAdmin ? "user.admin_granted" : "user.admin_revoked",
        before: { isAdmin: user.isAdmin },
        after: { isAdmin },
      });
    }
    return readUser(tx, user.id);
  }, TX_QUEUED);
}

/**
 * PUT /api/admin/users/:id/ban. The session middleware reads the user on every request, so the ban
 * applies to the user's next request (every session) and the unban too; sessions are kept, so a
 * banned user still learns why (GET /api/auth/user).
 */
export async function setBanStatus(
  prisma: PrismaClient,
  adminId: string,
  userId: string,
  { isBanned, banReason }: BanRequest,
): Promise<AdminUser> {
  let changed = false;
  const answer = await prisma.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (isBanned) {
      if (user.id === adminId) throw new DomainError("CANNOT_BAN_SELF");
      if (user.isAdmin) throw new DomainError("CANNOT_BAN_ADMIN");
    }
    const reason = isBanned ? banReason : null;
    if (user.isBanned !== isBanned || user.banReason !== reason) {
      changed = user.isBanned !== isBanned;
      await changeUserInTx(tx, adminId, user, {
        data: { isBanned, banReason: reason },
        notice: {
          type: isBanned ? "error" : "success",
          title: isBanned ? "Account Banned" : "Account Restored",
          message: isBanned ? bannedMessage(reason) : "Your account has been restored. Welcome back to LOOP.",
        },
        action: isBanned ? "user.banned" : "user.unbanned",
        before: { isBanned: user.isBanned, banReason: user.banReason },
        after: { isBanned, banReason: reason },
      });
    }
    return readUser(tx, user.id);
  }, TX_QUEUED);
  // Search leaves out a banned member and their loops.
  if (changed) catalogChanged(prisma);
  return answer;
}

const SEVERITY_TYPE: Record<WarningSeverity, NotificationType> = { low: "info", medium: "warning", high: "error" };

/** POST /api/admin/users/:id/warning: the warning's record, its notification and the audit entry, together. */
export async function warnUser(
  prisma: PrismaClient,
  adminId: string,
  userId: string,
  { message, severity }: WarningRequest,
): Promise<WarningResponse> {
  return prisma.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const warning = await tx.userWarning.create({ data: { userId: user.id, adminId, message, severity } });
    await createNotificationInTx(tx, { userId: user.id, type: SEVERITY_TYPE[severity], title: "Warning from the LOOP team", message });
    await recordAdminActionInTx(tx, {
      adminId,
      action: "user.warned",
      targetType: "user",
      targetId: user.id,
      after: { warningId: warning.id, severity, message },
    });
    return { id: warning.id, userId: user.id, message: warning.message, severity, createdAt: warning.createdAt.toISOString() };
  }, TX_QUEUED);
}

/**
 * PATCH /api/admin/users/:id/sale-hold: approve the seller (their new card and PayPal sales get the
 * normal hold) and/or give them their own hold in days (null: none; it wins over everything). New
 * sales only: a sale keeps the release time it was made with.
 */
export async function setSaleHold(prisma: PrismaClient, adminId: string, userId: string, change: SaleHoldRequest): Promise<AdminUser> {
  return prisma.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const before = { approved: user.saleHoldApproved, holdDays: user.saleHoldDays };
    const after = {
      approved: change.approved ?? user.saleHoldApproved,
      holdDays: change.holdDays === undefined ? user.saleHoldDays : change.holdDays,
    };
    if (after.approved !== before.approved || after.holdDays !== before.holdDays) {
      const data = { saleHoldApproved: after.approved, saleHoldDays: after.holdDays };
      await changeUserInTx(tx, adminId, user, { data, action: "user.sale_hold_changed", before, after });
    }
    return readUser(tx, user.id);
  }, TX_QUEUED);
}

/**
 * PUT /api/admin/users/:id/withdrawals: suspend the member's withdrawals (new requests are refused
 * with WITHDRAWAL_MESSAGES.suspended) or lift the suspension a second chargeback set. The member is told.
 */
export async function setWithdrawalSuspension(
  prisma: PrismaClient,
  adminId: string,
  userId: string,
  { suspended }: WithdrawalSuspensionRequest,
): Promise<AdminUser> {
  return prisma.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if ((user.withdrawalsSuspendedAt !== null) !== suspended) {
      const at = suspended ? new Date() : null;
      await changeUserInTx(tx, adminId, user, {
        data: { withdrawalsSuspendedAt: at },
        notice: {
          type: suspended ? "error" : "success",
          title: suspended ? "Withdrawals Suspended" : "Withdrawals Restored",
          message: suspended
            ? WITHDRAWAL_MESSAGES.suspended.slice(WITHDRAWAL_MESSAGES.suspended.indexOf(": ") + 2)
            : "An admin reviewed your account: you can withdraw your LOOP again.",
          actionUrl: paths.tokens(),
          actionText: "View balance",
        },
        action: suspended ? "user.withdrawals_suspended" : "user.withdrawals_restored",
        before: { withdrawalsSuspendedAt: user.withdrawalsSuspendedAt },
        after: { withdrawalsSuspendedAt: at },
      });
    }
    return readUser(tx, user.id);
  }, TX_QUEUED);
}
