import { WITHDRAWAL_STATUSES, withdrawalStatusUpdateSchema } from "@loop/rules/schemas/withdrawals";
import { Router } from "express";
import { z } from "zod";
import type { RouterDeps, TestHooks } from "../../deps";
import { parseBody, parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { listAllWithdrawals, updateWithdrawalStatus } from "./withdrawals.service";

const listQuery = z.object({
  // `?status=` (empty) and `?status=all` list every status.
  status: z.preprocess(
    (value) => (value === "" || value === "all" ? undefined : value),
    z.enum(WITHDRAWAL_STATUSES, { error: `status must be one of ${WITHDRAWAL_STATUSES.join(", ")}` }).optional(),
  ),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The admin's withdrawal queue and its state machine (mounted under /api/admin, admins only). */
export function adminWithdrawalsRouter(deps: RouterDeps, testHooks: TestHooks = {}): Router {
  const router = Router();
  router.get("/tokens/withdrawals", async (req, res) => {
    const { status, limit, offset } = parseQuery(req, listQuery);
    res.json(await listAllWithdrawals(deps.prisma, status, limit, offset));
  });
  router.put("/tokens/withdrawals/:id/status", async (req, res) => {
    const admin = requireUser(req);
    res.json(await updateWithdrawalStatus(deps, admin.id, req.params.id, parseBody(req, withdrawalStatusUpdateSchema), testHooks));
  });
  return router;
}
