import type { Notification, NotificationType } from "@loop/rules/schemas/notifications";

/** The columns of app.notifications an answer needs. */
export const notificationSelect = {
  id: true,
  type: true,
  title: true,
  message: true,
  isRead: true,
  createdAt: true,
  actionText: true,
  actionUrl: true,
} as const;

export interface NotificationRow {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
  actionText: string | null;
  actionUrl: string | null;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // The table's CHECK allows only the four types.
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    actionText: row.actionText,
    actionUrl: row.actionUrl,
  };
}
