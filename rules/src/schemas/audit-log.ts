/**
 * GET /api/admin/audit-log: every admin action, newest first (who, what, on what, when, and the
 * target's state before and after). Shown in the dashboard's Settings tab.
 */
import { z } from "zod";
import { pageQuery } from "./fields";

/** What an admin did: the `action` of an entry. */
export const ADMIN_ACTIONS = [
  "user.admin_granted",
  "user.admin_revoked",
  "user.banned",
  "user.unbanned",
  "user.warned",
  "user.sale_hold_changed",
  "user.withdrawals_suspended",
  "user.withdrawals_restored",
  "loop.visibility_changed",
  "loop.hidden",
  "loop.restored",
  "notification.sent",
  "notification.broadcast",
  "settings.changed",
  "withdrawal.status_changed",
  "token_order.fulfilled",
  "token_order.rejected",
  "vault.deposited",
  "settlement.discrepancy_resolved",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  "user",
  "loop",
  "notification",
  "broadcast",
  "settings",
  "withdrawal",
  "token_order",
  "vault",
  "settlement",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditLogQuerySchema = z.object(pageQuery(100, 50));
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string().describe("Increasing number, as a string"),
  admin: z.object({ id: z.string().uuid(), username: z.string() }),
  action: z.enum(ADMIN_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int().nonnegative(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;
