/**
 * In-app notifications (the bell): GET /api/notifications, PUT /api/notifications/:id/read,
 * PUT /api/notifications/read-all, POST /api/notifications (one's own), the live stream
 * GET /api/notifications/stream, and the admin's POST /api/admin/notifications (docs/product.md#notifications, docs/product.md#validation).
 */
import { z } from "zod";

export const NOTIFICATION_TYPES = ["info", "success", "warning", "error"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_MESSAGE_MAX = 1000;
export const NOTIFICATION_ACTION_URL_MAX = 2000;
export const NOTIFICATION_ACTION_TEXT_MAX = 40;
/** The bell shows a number up to this, then "9+" (docs/product.md#notifications). */
export const UNREAD_BADGE_MAX = 9;
/** The spec's refresh interval: the fallback when the live stream is not connected. */
export const NOTIFICATION_REFRESH_MS = 30_000;

/** Notifications a member may write to themself per hour: plenty for a person, useless for filling the table. */
export const OWN_NOTIFICATIONS_PER_HOUR = 30;

export const TOO_MANY_NOTIFICATIONS = `Too Many Notifications: You can create up to ${OWN_NOTIFICATIONS_PER_HOUR} notifications per hour. Please try again later.`;

export const NOTIFICATION_MESSAGES = {
  titleRequired: "Title is required",
  messageRequired: "Message is required",
  titleTooLong: `Title must be at most ${NOTIFICATION_TITLE_MAX} characters`,
  messageTooLong: `Message must be at most ${NOTIFICATION_MESSAGE_MAX} characters`,
  invalidType: "Invalid Type: Choose info, success, warning or error",
  invalidActionUrl: "Invalid Button URL: Enter a full http:// or https:// address",
  actionTextTooLong: `Button text must be at most ${NOTIFICATION_ACTION_TEXT_MAX} characters`,
  notFound: "Notification Not Found",
} as const;

/** True for an absolute http(s) URL: what a user may put behind a notification's button. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Trimmed text; blank (or absent, or null) becomes undefined, so the field is dropped. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined));

const requiredText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

/** The Create Notification dialog's payload (docs/product.md#notifications, docs/product.md#validation). */
export const createNotificationSchema = z.object({
  title: requiredText(NOTIFICATION_MESSAGES.titleRequired, NOTIFICATION_TITLE_MAX, NOTIFICATION_MESSAGES.titleTooLong),
  message: requiredText(NOTIFICATION_MESSAGES.messageRequired, NOTIFICATION_MESSAGE_MAX, NOTIFICATION_MESSAGES.messageTooLong),
  type: z
    .enum(NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.invalidType })
    .nullish()
    .transform((value) => value ?? "info"),
  actionUrl: optionalText.pipe(
    z
      .string()
      .max(NOTIFICATION_ACTION_URL_MAX, NOTIFICATION_MESSAGES.invalidActionUrl)
      .refine(isHttpUrl, NOTIFICATION_MESSAGES.invalidActionUrl)
      .optional(),
  ),
  actionText: optionalText.pipe(z.string().max(NOTIFICATION_ACTION_TEXT_MAX, NOTIFICATION_MESSAGES.actionTextTooLong).optional()),
});
export type CreateNotificationRequest = z.input<typeof createNotificationSchema>;
export type CreateNotification = z.output<typeof createNotificationSchema>;

export const notificationSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string().describe("ISO 8601"),
  actionText: z.string().nullable(),
  actionUrl: z.string().nullable().describe('An app path ("/tokens") or an http(s) URL'),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

/** The answer of PUT /api/notifications/read-all. */
export const markAllReadResponseSchema = z.object({ updated: z.number().int().nonnegative() });

const INVALID_RECIPIENT = "Invalid Recipient: Choose a user or all users";

/** POST /api/admin/notifications: to one user (a user id) or to everyone ("all"). */
export const adminNotificationSchema = createNotificationSchema.extend({
  userId: z.union([z.literal("all"), z.string().uuid({ error: INVALID_RECIPIENT })], { error: INVALID_RECIPIENT }),
});
/** What a client sends. */
export type AdminNotificationRequestInput = z.input<typeof adminNotificationSchema>;
/** What the API gets once the schema has parsed it. */
export type AdminNotificationRequest = z.output<typeof adminNotificationSchema>;

/** Sent to one user: the notification; to all: the broadcast, fanned out by a job. */
export const adminNotificationResponseSchema = z.union([
  z.object({ recipient: z.literal("user"), notificationId: z.string().uuid() }),
  z.object({ recipient: z.literal("all"), broadcastId: z.string().uuid(), status: z.enum(["queued", "sending", "done"]) }),
]);
export type AdminNotificationResponse = z.infer<typeof adminNotificationResponseSchema>;
