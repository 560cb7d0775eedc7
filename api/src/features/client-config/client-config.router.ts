import { Router } from "express";
import type { AppConfig } from "../../config";
import { toClientConfig } from "./client-config.service";

export function clientConfigRouter(config: AppConfig): Router {
  const router = Router();
  const body = toClientConfig(config);
  router.get("/config", (_req, res) => {
    res.json(body);
  });
  return router;
}
