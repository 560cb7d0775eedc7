import { Router } from "express";
import type { AppConfig } from "../../config";
import type { PrismaClient } from "../../db/prisma";
import { publicSettings } from "../platform-settings/platform-settings.service";
import { toClientConfig } from "./client-config.service";

/** GET /api/config: the deployment's part is built once; the platform settings are read per request. */
export function clientConfigRouter(config: AppConfig, prisma: PrismaClient): Router {
  const router = Router();
  const body = toClientConfig(config);
  router.get("/config", async (_req, res) => {
    res.json({ ...body, settings: await publicSettings(prisma) });
  });
  return router;
}
