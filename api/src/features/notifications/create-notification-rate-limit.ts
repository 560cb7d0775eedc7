import type { RequestHandler } from "express";
import type { PrismaClient } from "../../db/prisma";
import { perUserHourlyLimit } from "../../http/per-user-hourly-limit";

/** Notifications a user may write to themself per hour: plenty for a person, useless for filling the table. */
export const OWN_NOTIFICATIONS_PER_HOUR = 30;

export const TOO_MANY_NOTIFICATIONS = `Too Many Notifications: You can create up to ${OWN_NOTIFICATIONS_PER_HOUR} notifications per hour. Please try again later.`;

/** Per signed-in user, shared by every API process; only created notifications count. */
export function createNotificationRateLimit(prisma: PrismaClient): RequestHandler {
  return perUserHourlyLimit(prisma, "own-notification", OWN_NOTIFICATIONS_PER_HOUR, TOO_MANY_NOTIFICATIONS);
}
