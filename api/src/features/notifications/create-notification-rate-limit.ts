import { OWN_NOTIFICATIONS_PER_HOUR } from "@loop/rules/schemas/notifications";
import type { RequestHandler } from "express";
import type { PrismaClient } from "../../db/prisma";
import { perUserHourlyLimit } from "../../http/per-user-hourly-limit";

/** Per signed-in user, shared by every API process; only created notifications count. */
export function createNotificationRateLimit(prisma: PrismaClient): RequestHandler {
  return perUserHourlyLimit(prisma, "own-notification", OWN_NOTIFICATIONS_PER_HOUR, "NOTIFICATIONS_RATE_LIMITED");
}
