import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { publicStats } from "./stats.service";

export function statsRouter(deps: RouterDeps): Router {
  const router = Router();
  router.get("/stats/public", async (_req, res) => {
    res.json(await publicStats(deps.prisma));
  });
  return router;
}
