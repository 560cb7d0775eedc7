import { Router } from "express";
import type { HealthResponse } from "@loop/rules/auth-api-types";
import type { RouterDeps } from "../../deps";
import { chainsHealth } from "../settlement/settlement-status";
import { liveness, readiness } from "./health-probes";
import { databaseIsUp } from "./health.service";

export function healthRouter(deps: RouterDeps): Router {
  const router = Router();
  router.get("/health", async (_req, res) => {
    const up = await databaseIsUp(deps.prisma);
    res.set("Cache-Control", "no-store");
    const body: HealthResponse = up
      ? { status: "ok", database: "ok", chains: await chainsHealth(deps) }
      : { status: "error", database: "unreachable", chains: [] };
    res.status(up ? 200 : 503).json(body);
  });
  // Probes for an orchestrator (features/health/health-probes.ts): cheap, no chain calls.
  router.get("/health/live", (_req, res) => {
    const { status, body } = liveness(deps.config.roles);
    res.status(status).json(body);
  });
  router.get("/health/ready", async (_req, res) => {
    const { status, body } = await readiness(deps.prisma, deps.config.roles);
    res.status(status).json(body);
  });
  return router;
}
