import type { RequestHandler } from "express";
import type { PrismaClient } from "../../db/prisma";
import { perUserHourlyLimit } from "../../http/per-user-hourly-limit";

/** Orders a user may place per hour (each one e-mails them and lands in the admins' queue). */
export const ORDERS_PER_HOUR = 10;

export const TOO_MANY_ORDERS = "Too Many Orders: You can place up to 10 token orders per hour. Please try again later.";

/** Per signed-in user, shared by every API process; only orders that were accepted count. */
export function orderRateLimit(prisma: PrismaClient): RequestHandler {
  return perUserHourlyLimit(prisma, "token-order", ORDERS_PER_HOUR, TOO_MANY_ORDERS);
}
