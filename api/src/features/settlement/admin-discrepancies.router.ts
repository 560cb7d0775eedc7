import { resolveDiscrepancySchema } from "@loop/rules/schemas/settlement-discrepancies";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { adminAction } from "../admin/admin-action";
import { listOpenDiscrepancies, resolveDiscrepancy } from "./settlement-discrepancies.service";

// GET /api/admin/settlement-discrepancies, POST /api/admin/settlement-discrepancies/:id/resolve
// (mounted under /api/admin, admins only).
export function adminDiscrepanciesRouter(deps: RouterDeps): Router {
  const router = Router();
  router.get("/settlement-discrepancies", async (_req, res) => {
    res.json(await listOpenDiscrepancies(deps.prisma));
  });
  router.post("/settlement-discrepancies/:id/resolve", adminAction(deps.prisma, resolveDiscrepancySchema, resolveDiscrepancy));
  return router;
}
