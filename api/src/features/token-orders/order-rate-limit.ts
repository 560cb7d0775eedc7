import { ORDERS_PER_HOUR } from "@loop/rules/schemas/token-orders";
import type { RequestHandler } from "express";
import type { PrismaClient } from "../../db/prisma";
import { perUserHourlyLimit } from "../../http/per-user-hourly-limit";

/** Per signed-in user, shared by every API process; only orders that were accepted count. */
export function orderRateLimit(prisma: PrismaClient): RequestHandler {
  return perUserHourlyLimit(prisma, "token-order", ORDERS_PER_HOUR, "TOKEN_ORDERS_RATE_LIMITED");
}
