import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { publicSettings } from "../platform-settings/platform-settings.service";
import { toClientConfig } from "./client-config.service";

/** GET /api/config: the deployment's part is built once; the platform settings are read per request. */
export function clientConfigRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  const body = toClientConfig(deps.config);
  router.get("/config", async (_req, res) => {
    res.json({ ...body, settings: await publicSettings(prisma) });
  });
  return router;
}
