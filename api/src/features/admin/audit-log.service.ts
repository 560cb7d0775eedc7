// GET /api/admin/audit-log: the admin actions, newest first, with the admin who acted.
import type { AdminAction, AuditLog, AuditTargetType, AuditLogQuery } from "@loop/rules/schemas/audit-log";
import type { PrismaClient } from "../../db/prisma";
import { newestFirst } from "../../db/newest-first";

export async function listAuditLog(prisma: PrismaClient, { limit, offset }: AuditLogQuery): Promise<AuditLog> {
  const [rows, total] = await Promise.all([
    prisma.adminAuditEntry.findMany({
      ...newestFirst(limit, offset),
      include: { admin: { select: { id: true, username: true } } },
    }),
    prisma.adminAuditEntry.count(),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id.toString(),
      admin: row.admin,
      action: row.action as AdminAction,
      targetType: row.targetType as AuditTargetType,
      targetId: row.targetId,
      before: row.before ?? null,
      after: row.after ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}
