import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { adminStats } from "./admin-stats.service";

// GET /api/admin/stats.
export function adminStatsRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/stats", async (_req, res) => {
    res.json(await adminStats(prisma, deps));
  });
  return router;
}
