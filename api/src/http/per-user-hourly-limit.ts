import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import { TooManyRequests } from "./errors";

/**
 * At most `perHour` calls an hour per signed-in user (keys `<name>:<user id>`), counted in memory
 * (one API instance; the shared limits are in ./rate-limit.ts). Only calls that succeeded count: a
 * form with a mistake does not use up the budget. Signed-out calls pass through to the route, which
 * answers 401. Past the budget: 429 with `message`.
 */
export function perUserHourlyLimit(name: string, perHour: number, message: string): RequestHandler {
  return rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: perHour,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipFailedRequests: true,
    skip: (req) => !req.auth,
    keyGenerator: (req) => `${name}:${req.auth!.user.id}`,
    handler: (_req, _res, next) => next(new TooManyRequests(message)),
  });
}
