// The bell (docs/product.md#notifications, docs/product.md#notifications): a user's own notifications, read marks, and notifications one writes to
// oneself (the Create Notification dialog). Others' notifications are never revealed: an id that is
// not the caller's answers 404 exactly like an unknown one.
import { type CreateNotification, type Notification } from "@loop/rules/schemas/notifications";
import type { PrismaClient } from "../../db/prisma";
import { newestFirst } from "../../db/newest-first";
import { notificationSelect, toNotification } from "./notification-view";
import { foundById } from "../../http/uuid";

/** Newest first; ties (one transaction's rows share created_at) by id, so pages are stable. */
export async function listNotifications(prisma: PrismaClient, userId: string, limit: number): Promise<Notification[]> {
  const rows = await prisma.notification.findMany({
    where: { userId },
    ...newestFirst(limit),
    select: notificationSelect,
  });
  return rows.map(toNotification);
}

export async function markNotificationRead(prisma: PrismaClient, userId: string, id: string): Promise<Notification> {
  const row = await foundById(id, "NOTIFICATION_NOT_FOUND", (uuid) =>
    prisma.notification.updateManyAndReturn({
      where: { id: uuid.toLowerCase(), userId },
      data: { isRead: true },
      select: notificationSelect,
    }),
  );
  return toNotification(row);
}

export async function markAllNotificationsRead(prisma: PrismaClient, userId: string): Promise<{ updated: number }> {
  const { count } = await prisma.notification.updateMany({ where: { userId, isRead: false }, data: { isRead: true } });
  return { updated: count };
}

/** A notification the caller writes to themself (never to someone else: the body has no recipient). */
export async function createOwnNotification(
  prisma: PrismaClient,
  userId: string,
  { title, message, type, actionUrl, actionText }: CreateNotification,
): Promise<Notification> {
  const row = await prisma.notification.create({
    data: { userId, title, message, type, actionUrl: actionUrl ?? null, actionText: actionText ?? null },
    select: notificationSelect,
  });
  return toNotification(row);
}
