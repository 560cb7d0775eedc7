import { Router } from "express";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { idempotent } from "../../http/idempotency";
import { requireUser } from "../auth/require-user";
import { adminWithdrawalsRouter } from "./admin-withdrawals.router";
import { cancelWithdrawal, listWithdrawals, requestWithdrawal } from "./withdrawals.service";

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The user's withdrawals (request with Idempotency-Key, history, cancel while pending) and the admin's queue. */
export function withdrawalsRouter(deps: AppDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.post("/tokens/withdraw", async (req, res) => {
    const user = requireUser(req);
    await idempotent(prisma, req, res, user.id, async (key, db) => ({ status: 201, body: await requestWithdrawal(prisma, db, user.id, req.body, key) }));
  });
  router.get("/tokens/withdrawals", async (req, res) => {
    const user = requireUser(req);
    const { limit, offset } = listQuery.parse(req.query);
    res.json(await listWithdrawals(prisma, user.id, limit, offset));
  });
  router.post("/tokens/withdrawals/:id/cancel", async (req, res) => {
    const user = requireUser(req);
    res.json(await cancelWithdrawal(prisma, user.id, req.params.id));
  });
  router.use(adminWithdrawalsRouter(deps));
  return router;
}
