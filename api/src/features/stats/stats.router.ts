import { Router } from "express";
import type { PrismaClient } from "../../db/prisma";
import { publicStats } from "./stats.service";

export function statsRouter(prisma: PrismaClient): Router {
  const router = Router();
  router.get("/stats/public", async (_req, res) => {
    res.json(await publicStats(prisma));
  });
  return router;
}
