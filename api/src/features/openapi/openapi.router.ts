import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { openApiDocument } from "./document";

/** GET /api/openapi.json. Built at start (once per process): a broken declaration stops the app (and the tests). */
export function openApiRouter(deps: RouterDeps): Router {
  const router = Router();
  const document = openApiDocument(deps.config);
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });
  return router;
}
