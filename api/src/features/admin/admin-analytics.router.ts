// GET /api/admin/analytics?range=7d|30d|90d|all (issue 23, the Overview tab's charts): mounted in the admin
// router, behind requireAdmin (signed out 401, not an admin 403). Reads rollups only (admin-analytics.service.ts).
import { Router } from "express";
import { adminAnalyticsQuerySchema } from "@loop/rules/schemas/admin-analytics";
import type { RouterDeps } from "../../deps";
import { parseQuery } from "../../http/validate";
import { adminAnalytics } from "./admin-analytics.service";

export function adminAnalyticsRouter(deps: RouterDeps): Router {
  const router = Router();
  router.get("/analytics", async (req, res) => {
    const { range } = parseQuery(req, adminAnalyticsQuerySchema);
    res.json(await adminAnalytics(deps, range));
  });
  return router;
}
