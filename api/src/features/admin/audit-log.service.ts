// GET /api/admin/audit-log: the admin actions, newest first, with the admin who acted.
import { auditLogQuerySchema, type AdminAction, type AuditLog, type AuditTargetType } from "@loop/rules/schemas/audit-log";
import type { PrismaClient } from "../../db/prisma";
import { BadRequest } from "../../http/errors";

export async function listAuditLog(prisma: PrismaClient, rawQuery: unknown): Promise<AuditLog> {
  const parsed = auditLogQuerySchema.safeParse(rawQuery ?? {});
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? "Invalid request");
  const { limit, offset } = parsed.data;
  const [rows, total] = await Promise.all([
    prisma.adminAuditEntry.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      skip: offset,
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
