import {
  createNotificationSchema,
  markAllReadResponseSchema,
  NOTIFICATION_MESSAGES,
  notificationListSchema,
  notificationSchema,
  OWN_NOTIFICATIONS_PER_HOUR,
} from "@loop/rules/schemas/notifications";
import { z } from "zod";
import { HEARTBEAT_MS, RETRY_MS } from "../../notifications/notification-stream";
import { NOTIFICATION_LIST_DEFAULT, NOTIFICATION_LIST_MAX } from "../../notifications/notifications.router";
import { banned, bodyTooLarge, crossSiteOrBanned, failure, hourlyLimited, invalidQuery, json, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

const notFound = failure(
  ["NOTIFICATION_NOT_FOUND"],
  `\`${NOTIFICATION_MESSAGES.notFound}\`: no notification of the caller has this id (someone else's answers the same).`,
);

export const notificationsOperations = defineFeature({
  tag: "notifications",
  description:
    "The bell: the signed-in user's in-app notifications (purchases, sales, offers, orders, transfers received, withdrawals, " +
    "level-ups, admin messages), read marks, notifications one writes to oneself, and a live Server-Sent Events stream.",
  schemas: {
    Notification: notificationSchema,
    CreateNotificationRequest: createNotificationSchema,
    MarkAllReadResponse: markAllReadResponseSchema,
  },
  operations: [
    {
      method: "get",
      path: "/api/notifications",
      operationId: "listNotifications",
      summary: "The caller's notifications, newest first",
      auth: "required",
      query: z.object({ limit: z.number().int().min(1).max(NOTIFICATION_LIST_MAX).optional() }),
      responses: {
        200: json(notificationListSchema, `Newest first (default ${NOTIFICATION_LIST_DEFAULT}, at most ${NOTIFICATION_LIST_MAX})`),
        400: invalidQuery("Invalid `limit`."),
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "put",
      path: "/api/notifications/{id}/read",
      operationId: "markNotificationRead",
      summary: "Mark one of the caller's notifications read",
      auth: "required",
      params: idParams,
      responses: { 200: json(notificationSchema, "The notification, read"), 401: signInRequired, 403: crossSiteOrBanned, 404: notFound },
    },
    {
      method: "put",
      path: "/api/notifications/read-all",
      operationId: "markAllNotificationsRead",
      summary: "Mark all of the caller's notifications read",
      auth: "required",
      responses: { 200: json(markAllReadResponseSchema, "How many were unread"), 401: signInRequired, 403: crossSiteOrBanned },
    },
    {
      method: "post",
      path: "/api/notifications",
      operationId: "createNotification",
      summary: "Create a notification for oneself",
      description:
        "The Create Notification dialog. Title and message are trimmed and required; `type` defaults to `info`; blank optional fields " +
        `are dropped; \`actionUrl\` must be an http(s) URL. At most ${OWN_NOTIFICATIONS_PER_HOUR} created notifications per user and hour.`,
      auth: "required",
      body: createNotificationSchema,
      responses: {
        201: json(notificationSchema, "The new notification, unread"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON"],
          `\`${NOTIFICATION_MESSAGES.titleRequired}\`, \`${NOTIFICATION_MESSAGES.messageRequired}\`, \`${NOTIFICATION_MESSAGES.invalidType}\`, ` +
            `\`${NOTIFICATION_MESSAGES.invalidActionUrl}\`, a field too long, or malformed JSON.`,
        ),
        401: signInRequired,
        403: crossSiteOrBanned,
        413: bodyTooLarge,
        429: hourlyLimited("NOTIFICATIONS_RATE_LIMITED", "`Too Many Notifications: …`: the hourly limit of one's own notifications."),
      },
    },
    {
      method: "get",
      path: "/api/notifications/stream",
      operationId: "streamNotifications",
      summary: "Live notifications (Server-Sent Events)",
      description:
        "A `text/event-stream` that stays open. `event: sync` (data `{}`) comes first, once nothing can be missed any more, and again " +
        "whenever deliveries may have been lost: the client refetches `GET /api/notifications` then. `event: notification` " +
        "(id: the notification's id, data: a Notification) for each new notification of the caller, whoever created it. A comment " +
        `(\`: ping\`) every ${HEARTBEAT_MS / 1000} s; \`retry: ${RETRY_MS}\`. A reconnecting client (with \`Last-Event-ID\` or not) ` +
        "starts with `sync` again. The stream ends when the session ends or expires, the account is banned, or the server shuts down.",
      auth: "required",
      responses: {
        200: {
          description: "The event stream",
          content: { "text/event-stream": { schema: { type: "string" } } },
          headers: {
            "Cache-Control": { description: "`no-store`", schema: { type: "string" }, required: true },
            "X-Accel-Buffering": { description: "`no`: proxies must not buffer the stream", schema: { type: "string" }, required: true },
          },
        },
        401: signInRequired,
        403: banned,
        503: failure(["LIVE_NOTIFICATIONS_UNAVAILABLE"], "Live delivery is not configured in this process; poll the list instead."),
      },
    },
  ],
});
