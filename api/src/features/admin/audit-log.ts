// The admin audit log (app.admin_audit_log): every admin action is recorded in the transaction
// that makes the change, so the log never shows an action that did not happen, nor misses one.
import type { AdminAction, AuditTargetType } from "@loop/rules/schemas/audit-log";
import type { Prisma } from "../../generated/prisma/client";
import type { Tx } from "../../db/prisma";

export interface AdminActionRecord {
  adminId: string;
  action: AdminAction;
  targetType: AuditTargetType;
  targetId: string | null;
  /** The target's relevant fields before and after; bigints are written as strings. */
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy: bigint → string, Date → ISO string, undefined → dropped. */
function toJson(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v))) as Prisma.InputJsonValue;
}

export async function recordAdminActionInTx(tx: Tx, record: AdminActionRecord): Promise<void> {
  await tx.adminAuditEntry.create({
    data: {
      adminId: record.adminId,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      before: toJson(record.before),
      after: toJson(record.after),
    },
  });
}
