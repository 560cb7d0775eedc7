import { paths } from "@loop/rules/paths";
import { tokenOrderListQuerySchema, tokenOrderRequestSchema } from "@loop/rules/schemas/token-orders";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { consoleLogger } from "../../deps";
import { idempotent } from "../../http/idempotency";
import { parseBody, parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { orderRateLimit } from "./order-rate-limit";
import { tokenOrderConfirmationMail } from "./token-order.mail";
import { createTokenOrder, listOwnTokenOrders } from "./token-orders.service";

const ownListQuery = tokenOrderListQuerySchema.omit({ status: true });

// POST /api/admin-orders (the spec's name for a user's token order), GET /api/admin-orders.
export function tokenOrdersRouter(deps: RouterDeps): Router {
  const { prisma, mailer, config } = deps;
  const logger = deps.logger ?? consoleLogger;
  const router = Router();
  router.post("/admin-orders", orderRateLimit(deps.prisma), async (req, res) => {
    const user = requireUser(req);
    // With an Idempotency-Key, `db` is the transaction that also stores the answer (a refused body
    // is its answer too, so it is parsed in there); a replay places nothing.
    const placed = await idempotent(prisma, req, res, user.id, async (_key, db) => ({
      status: 201,
      body: await createTokenOrder(db, user.id, parseBody(req, tokenOrderRequestSchema)),
    }));
    // After the commit, and never failing the order: the order stands without its e-mail.
    const order = placed?.body;
    if (order && user.email) {
      const mail = tokenOrderConfirmationMail(user.email, order, new URL(paths.tokens(), config.appUrl).href);
      mailer
        .send(mail)
        .catch((error: unknown) => logger.error(`token order ${order.id}: confirmation e-mail to ${user.email} failed:`, error));
    }
  });
  router.get("/admin-orders", async (req, res) => {
    const user = requireUser(req);
    const { limit, offset } = parseQuery(req, ownListQuery);
    res.json(await listOwnTokenOrders(prisma, user.id, limit, offset));
  });
  return router;
}
