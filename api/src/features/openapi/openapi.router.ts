import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { buildOpenApiDocument } from "./document";

/** GET /api/openapi.json. Built once, at start: a broken declaration stops the app (and the tests). */
export function openApiRouter(deps: RouterDeps): Router {
  const router = Router();
  const document = buildOpenApiDocument(deps.config);
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });
  return router;
}
