import { createNotificationSchema } from "@loop/rules/schemas/notifications";
import { Router } from "express";
import { z } from "zod";
import type { RouterDeps } from "../../deps";
import { parseBody, parseQuery } from "../../http/validate";
import { memberJson, requireUser } from "../auth/require-user";
import { createNotificationRateLimit } from "./create-notification-rate-limit";
import { openNotificationStream } from "./notification-stream";
import { createOwnNotification, listNotifications, markAllNotificationsRead, markNotificationRead } from "./notifications.service";
import { DomainError } from "../../domain-error";

export const NOTIFICATION_LIST_DEFAULT = 50;
export const NOTIFICATION_LIST_MAX = 100;

const listQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${NOTIFICATION_LIST_MAX}` })
    .int(`limit must be a whole number from 1 to ${NOTIFICATION_LIST_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${NOTIFICATION_LIST_MAX}`)
    .max(NOTIFICATION_LIST_MAX, `limit must be a whole number from 1 to ${NOTIFICATION_LIST_MAX}`)
    .default(NOTIFICATION_LIST_DEFAULT),
});

// GET /api/notifications, PUT /api/notifications/read-all, PUT /api/notifications/:id/read,
// POST /api/notifications (one's own), GET /api/notifications/stream (Server-Sent Events).
export function notificationsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/notifications", async (req, res) => {
    const user = requireUser(req);
    const { limit } = parseQuery(req, listQuery);
    res.json(await listNotifications(prisma, user.id, limit));
  });
  router.get("/notifications/stream", async (req, res) => {
    requireUser(req);
    if (!deps.notificationHub) throw new DomainError("LIVE_NOTIFICATIONS_UNAVAILABLE");
    await openNotificationStream(req, res, { prisma, hub: deps.notificationHub, logger: deps.logger });
  });
  // Before /:id/read, which it would otherwise match.
  router.put(
    "/notifications/read-all",
    memberJson((user) => markAllNotificationsRead(prisma, user.id)),
  );
  router.put(
    "/notifications/:id/read",
    memberJson<{ id: string }>((user, req) => markNotificationRead(prisma, user.id, req.params.id)),
  );
  router.post("/notifications", createNotificationRateLimit(deps.prisma), async (req, res) => {
    const user = requireUser(req);
    res.status(201).json(await createOwnNotification(prisma, user.id, parseBody(req, createNotificationSchema)));
  });
  return router;
}
