import { tokenOrderListQuerySchema, type TokenOrder } from "@loop/rules/schemas/token-orders";
import { Router } from "express";
import type { AppDeps } from "../../deps";
import { consoleLogger } from "../../deps";
import { idempotent } from "../../http/idempotency";
import { requireUser } from "../auth/require-user";
import { orderRateLimit } from "./order-rate-limit";
import { tokenOrderConfirmationMail } from "./token-order.mail";
import { createTokenOrder, listOwnTokenOrders } from "./token-orders.service";

// POST /api/admin-orders (the spec's name for a user's token order), GET /api/admin-orders.
export function tokenOrdersRouter(deps: AppDeps): Router {
  const { prisma, mailer, config } = deps;
  const logger = deps.logger ?? consoleLogger;
  const router = Router();
  router.post("/admin-orders", orderRateLimit(), async (req, res) => {
    const user = requireUser(req);
    const placed: { order?: TokenOrder } = {};
    // With an Idempotency-Key, `db` is the transaction that also stores the answer; a replay places nothing.
    await idempotent(prisma, req, res, user.id, async (_key, db) => {
      placed.order = await createTokenOrder(db, user.id, req.body);
      return { status: 201, body: placed.order };
    });
    // After the commit, and never failing the order: the order stands without its e-mail.
    const { order } = placed;
    if (order && user.email) {
      const mail = tokenOrderConfirmationMail(user.email, order, new URL("/tokens", config.appUrl).href);
      mailer.send(mail).catch((error: unknown) => logger.error(`token order ${order.id}: confirmation e-mail to ${user.email} failed:`, error));
    }
  });
  router.get("/admin-orders", async (req, res) => {
    const user = requireUser(req);
    const { limit, offset } = tokenOrderListQuerySchema.omit({ status: true }).parse(req.query);
    res.json(await listOwnTokenOrders(prisma, user.id, limit, offset));
  });
  return router;
}
