import { existsSync } from "node:fs";
import path from "node:path";
import express, { Router } from "express";
import type { Logger } from "../deps";

/** Serves the built web app, with index.html for every non-API path (client-side routes). */
export function staticWeb(webDist: string, logger?: Logger): Router {
  const router = Router();
  const index = path.join(webDist, "index.html");
  if (!existsSync(index)) {
    logger?.warn(`web: ${index} not found; build the web app (pnpm --filter @loop/web build) to serve it`);
    return router;
  }
  // Vite puts content-hashed files under assets/: they never change, so cache them for good.
  router.use("/assets", express.static(path.join(webDist, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  router.use(express.static(webDist, { index: false, maxAge: 0 }));
  router.get(/^(?!\/api(?:\/|$)).*/, (req, res, next) => {
    if (!req.accepts("html")) return next();
    res.set("Cache-Control", "no-cache");
    res.sendFile(index);
  });
  return router;
}
