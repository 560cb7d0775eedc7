import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { TooManyRequests } from "../../http/errors";

/** Orders a user may place per hour (each one e-mails them and lands in the admins' queue). */
export const ORDERS_PER_HOUR = 10;

export const TOO_MANY_ORDERS = "Too Many Orders: You can place up to 10 token orders per hour. Please try again later.";

/**
 * Per signed-in user, in memory (one API instance; see http/rate-limit.ts). Only orders that were
 * accepted count: a form with a typo does not use up the budget. Signed-out calls pass through
 * to the route, which answers 401.
 */
export function orderRateLimit(): RequestHandler {
  return rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: ORDERS_PER_HOUR,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipFailedRequests: true,
    skip: (req) => !req.auth,
    keyGenerator: (req) => `token-order:${req.auth!.user.id}`,
    handler: (_req, _res, next) => next(new TooManyRequests(TOO_MANY_ORDERS)),
  });
}
