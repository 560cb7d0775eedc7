// POST /api/admin/notifications: a notification to one user (written at once), or to every user
// (a broadcast, queued for its job: ./notification-broadcast.ts). Audited in the same transaction.
import type { AdminNotificationResponse, AdminNotificationRequest } from "@loop/rules/schemas/notifications";
import type { PrismaClient } from "../../db/prisma";
import { enqueue } from "../../jobs/queue";
import { createNotificationInTx } from "../notifications/create-notification";
import { recordAdminActionInTx } from "./audit-log";
import { BROADCAST_MAX_ATTEMPTS, BROADCAST_QUEUE, type BroadcastPayload } from "./notification-broadcast";
import { TX_QUEUED } from "../../db/transactions";
import { DomainError } from "../../domain-error";

export async function sendAdminNotification(
  prisma: PrismaClient,
  adminId: string,
  { userId, ...content }: AdminNotificationRequest,
): Promise<AdminNotificationResponse> {
  const fields = {
    type: content.type,
    title: content.title,
    message: content.message,
    actionUrl: content.actionUrl ?? null,
    actionText: content.actionText ?? null,
  };
  return prisma.$transaction(async (tx) => {
    if (userId === "all") {
      const broadcast = await tx.notificationBroadcast.create({ data: { adminId, ...fields }, select: { id: true, status: true } });
      await enqueue(tx, BROADCAST_QUEUE, { broadcastId: broadcast.id } satisfies BroadcastPayload, BROADCAST_MAX_ATTEMPTS);
      await recordAdminActionInTx(tx, {
        adminId,
        action: "notification.broadcast",
        targetType: "broadcast",
        targetId: broadcast.id,
        after: fields,
      });
      return { recipient: "all", broadcastId: broadcast.id, status: "queued" } as const;
    }
    const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
    if (!user) throw new DomainError("USER_NOT_FOUND");
    const notification = await createNotificationInTx(tx, { userId: user.id, ...fields });
    await recordAdminActionInTx(tx, {
      adminId,
      action: "notification.sent",
      targetType: "notification",
      targetId: notification.id,
      after: { userId: user.id, ...fields },
    });
    return { recipient: "user", notificationId: notification.id } as const;
  }, TX_QUEUED);
}
