// Creates an in-app notification inside the caller's transaction, so it exists exactly when the
// change it announces commits. The notifications list and read calls come with their own feature.
import type { Tx } from "../../db/prisma";

export type NotificationType = "info" | "success" | "warning" | "error";

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** An app path ("/tokens") or an http(s) URL (docs/product.md#notifications). */
  actionUrl?: string | null;
  actionText?: string | null;
}

export interface CreatedNotification {
  id: string;
  createdAt: Date;
}

/** True for an app path ("/tokens", not "//host") or an absolute http(s) URL. */
export function isSafeActionUrl(url: string): boolean {
  if (url.startsWith("/")) return !url.startsWith("//") && !url.includes("\\");
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

function notificationData(input: NotificationInput) {
  if (input.actionUrl && !isSafeActionUrl(input.actionUrl))
    throw new Error(`notification: action URL must be an app path or http(s): ${input.actionUrl}`);
  return {
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    actionUrl: input.actionUrl ?? null,
    actionText: input.actionText ?? null,
  };
}

export async function createNotificationInTx(tx: Tx, input: NotificationInput): Promise<CreatedNotification> {
  return tx.notification.create({ data: notificationData(input), select: { id: true, createdAt: true } });
}

/** Several notifications in one statement (a sale's two sides), for a transaction that holds hot rows meanwhile. */
export async function createNotificationsInTx(tx: Tx, inputs: NotificationInput[]): Promise<void> {
  await tx.notification.createMany({ data: inputs.map(notificationData) });
}
