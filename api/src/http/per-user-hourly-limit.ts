import type { ErrorCode } from "@loop/rules/error-codes";
import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";
import type { PrismaClient } from "../db/prisma";
import { PostgresRateLimitStore } from "./postgres-rate-limit-store";
import { DomainError } from "../domain-error";

const HOUR_MS = 60 * 60 * 1000;

/** The codes of the hourly limits (429, rules/src/error-codes.ts). */
type HourlyLimitCode = Extract<ErrorCode, "TOKEN_ORDERS_RATE_LIMITED" | "NOTIFICATIONS_RATE_LIMITED" | "RECEIPTS_RATE_LIMITED">;

/**
 * At most `perHour` calls an hour per signed-in user, counted in Postgres like the other limits
 * (./postgres-rate-limit-store.ts: every API process shares the count; rows named
 * `<name>:<window>:<limit>:<user id>`). Only calls that succeeded count: a form with a mistake does
 * not use up the budget. Signed-out calls pass through to the route, which answers 401. Past the
 * budget: 429 with `code` (its message says the limit).
 */
export function perUserHourlyLimit(prisma: PrismaClient, name: string, perHour: number, code: HourlyLimitCode): RequestHandler {
  return rateLimit({
    windowMs: HOUR_MS,
    limit: perHour,
    store: new PostgresRateLimitStore(prisma, `${name}:${HOUR_MS}:${perHour}:`, HOUR_MS),
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipFailedRequests: true,
    skip: (req) => !req.auth,
    keyGenerator: (req) => req.auth!.user.id,
    handler: (_req, _res, next) => next(new DomainError(code)),
  });
}
