import { Router } from "express";
import type { AppDeps } from "../../deps";
import { requireAdmin } from "../auth/require-admin";
import { adminStats } from "./admin-stats.service";

// GET /api/admin/stats.
export function adminStatsRouter(deps: AppDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/admin/stats", async (req, res) => {
    requireAdmin(req);
    res.json(await adminStats(prisma, deps));
  });
  return router;
}
