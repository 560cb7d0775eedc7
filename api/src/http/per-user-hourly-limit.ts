import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import type { PrismaClient } from "../db/prisma";
import { TooManyRequests } from "./errors";
import { PostgresRateLimitStore } from "./postgres-rate-limit-store";

const HOUR_MS = 60 * 60 * 1000;

/**
 * At most `perHour` calls an hour per signed-in user, counted in Postgres like the other limits
 * (./postgres-rate-limit-store.ts: every API process shares the count; rows named
 * `<name>:<window>:<limit>:<user id>`). Only calls that succeeded count: a form with a mistake does
 * not use up the budget. Signed-out calls pass through to the route, which answers 401. Past the
 * budget: 429 with `message`.
 */
export function perUserHourlyLimit(prisma: PrismaClient, name: string, perHour: number, message: string): RequestHandler {
  return rateLimit({
    windowMs: HOUR_MS,
    limit: perHour,
    store: new PostgresRateLimitStore(prisma, `${name}:${HOUR_MS}:${perHour}:`, HOUR_MS),
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipFailedRequests: true,
    skip: (req) => !req.auth,
    keyGenerator: (req) => req.auth!.user.id,
    handler: (_req, _res, next) => next(new TooManyRequests(message)),
  });
}
