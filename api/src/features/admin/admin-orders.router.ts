import { tokenOrderListQuerySchema } from "@loop/rules/schemas/token-orders";
import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireAdmin } from "../auth/require-admin";
import { fulfilTokenOrder, listAdminTokenOrders, rejectTokenOrder } from "./admin-orders.service";

// GET /api/admin/admin-orders, POST /api/admin/admin-orders/:id/fulfil, POST /api/admin/admin-orders/:id/reject.
export function adminOrdersRouter(deps: AppDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/admin/admin-orders", async (req, res) => {
    requireAdmin(req);
    res.json(await listAdminTokenOrders(prisma, tokenOrderListQuerySchema.parse(req.query)));
  });
  router.post("/admin/admin-orders/:id/fulfil", async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await fulfilTokenOrder(prisma, admin.id, req.params.id));
  });
  router.post("/admin/admin-orders/:id/reject", async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await rejectTokenOrder(prisma, admin.id, req.params.id, req.body));
  });
  return router;
}
