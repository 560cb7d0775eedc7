import type { RequestHandler } from "express";
import { perUserHourlyLimit } from "../../http/per-user-hourly-limit";

/** Notifications a user may write to themself per hour: plenty for a person, useless for filling the table. */
export const OWN_NOTIFICATIONS_PER_HOUR = 30;

export const TOO_MANY_NOTIFICATIONS = `Too Many Notifications: You can create up to ${OWN_NOTIFICATIONS_PER_HOUR} notifications per hour. Please try again later.`;

/** Per signed-in user; only created notifications count. */
export function createNotificationRateLimit(): RequestHandler {
  return perUserHourlyLimit("own-notification", OWN_NOTIFICATIONS_PER_HOUR, TOO_MANY_NOTIFICATIONS);
}
