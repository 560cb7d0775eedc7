import { rejectTokenOrderSchema, tokenOrderListQuerySchema } from "@loop/rules/schemas/token-orders";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { adminAction } from "./admin-action";
import { fulfilTokenOrder, listAdminTokenOrders, rejectTokenOrder } from "./admin-orders.service";

// GET /api/admin/admin-orders, POST /api/admin/admin-orders/:id/fulfil, POST /api/admin/admin-orders/:id/reject.
export function adminOrdersRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/admin-orders", async (req, res) => {
    res.json(await listAdminTokenOrders(prisma, parseQuery(req, tokenOrderListQuerySchema)));
  });
  router.post("/admin-orders/:id/fulfil", async (req, res) => {
    const admin = requireUser(req);
    res.json(await fulfilTokenOrder(prisma, admin.id, req.params.id));
  });
  router.post("/admin-orders/:id/reject", adminAction(prisma, rejectTokenOrderSchema, rejectTokenOrder));
  return router;
}
