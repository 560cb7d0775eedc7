import { WITHDRAWAL_STATUSES } from "@loop/rules/schemas/withdrawals";
import { Router } from "express";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { requireAdmin } from "../auth/require-admin";
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

/** The admin's withdrawal queue and its state machine. */
export function adminWithdrawalsRouter(deps: AppDeps): Router {
  const router = Router();
  router.get("/admin/tokens/withdrawals", async (req, res) => {
    requireAdmin(req);
    const { status, limit, offset } = listQuery.parse(req.query);
    res.json(await listAllWithdrawals(deps.prisma, status, limit, offset));
  });
  router.put("/admin/tokens/withdrawals/:id/status", async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await updateWithdrawalStatus(deps, admin.id, req.params.id, req.body));
  });
  return router;
}
