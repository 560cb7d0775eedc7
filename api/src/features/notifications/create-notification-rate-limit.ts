import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { TooManyRequests } from "../../http/errors";

/** Notifications a user may write to themself per hour: plenty for a person, useless for filling the table. */
export const OWN_NOTIFICATIONS_PER_HOUR = 30;

export const TOO_MANY_NOTIFICATIONS = `Too Many Notifications: You can create up to ${OWN_NOTIFICATIONS_PER_HOUR} notifications per hour. Please try again later.`;

/**
 * Per signed-in user, in memory (one API instance; see http/rate-limit.ts). Only created
 * notifications count: a form with a validation error does not use up the budget. Signed-out
 * calls pass through to the route, which answers 401.
 */
export function createNotificationRateLimit(): RequestHandler {
  return rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: OWN_NOTIFICATIONS_PER_HOUR,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipFailedRequests: true,
    skip: (req) => !req.auth,
    keyGenerator: (req) => `own-notification:${req.auth!.user.id}`,
    handler: (_req, _res, next) => next(new TooManyRequests(TOO_MANY_NOTIFICATIONS)),
  });
}
