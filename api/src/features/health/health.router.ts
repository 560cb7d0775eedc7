import { Router } from "express";
import type { HealthResponse } from "@loop/rules/auth-api-types";
import type { PrismaClient } from "../../db/prisma";
import { databaseIsUp } from "./health.service";

export function healthRouter(prisma: PrismaClient): Router {
  const router = Router();
  router.get("/health", async (_req, res) => {
    const up = await databaseIsUp(prisma);
    res.set("Cache-Control", "no-store");
    const body: HealthResponse = up ? { status: "ok", database: "ok" } : { status: "error", database: "unreachable" };
    res.status(up ? 200 : 503).json(body);
  });
  return router;
}
