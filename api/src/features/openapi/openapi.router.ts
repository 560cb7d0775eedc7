import { Router } from "express";
import type { AppConfig } from "../../config";
import { buildOpenApiDocument } from "./document";

/** GET /api/openapi.json. Built once, at start: a broken declaration stops the app (and the tests). */
export function openApiRouter(config: AppConfig): Router {
  const router = Router();
  const document = buildOpenApiDocument(config);
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });
  return router;
}
