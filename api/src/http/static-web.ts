import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import express, { Router } from "express";
import type { Logger } from "../deps";

/** What answers a page's HTML from the built index.html (features/page-meta: its own head and status). */
export type WebPageRenderer = (pathname: string) => Promise<{ status: number; html: string; noindex?: boolean }>;

/**
 * Serves the built web app: its files, and for every other non-API path that accepts HTML the app's
 * index.html, read once, as `pages` renders it for that path (the page's own head and status: 404
 * for a path the app has no page for), or as it is.
 */
export function staticWeb(webDist: string, logger?: Logger, pages?: (indexHtml: string) => WebPageRenderer): Router {
  const router = Router();
  const index = path.join(webDist, "index.html");
  if (!existsSync(index)) {
    logger?.warn(`web: ${index} not found; build the web app (pnpm --filter @loop/web build) to serve it`);
    return router;
  }
  // Vite puts content-hashed files under assets/: they never change, so cache them for good.
  router.use("/assets", express.static(path.join(webDist, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  router.use(express.static(webDist, { index: false, maxAge: 0 }));
  const render = pages?.(readFileSync(index, "utf8"));
  router.get(/^(?!\/api(?:\/|$)).*/, async (req, res, next) => {
    if (!req.accepts("html")) return next();
    res.set("Cache-Control", "no-cache");
    if (!render) {
      res.sendFile(index);
      return;
    }
    const page = await render(req.path);
    if (page.noindex) res.set("X-Robots-Tag", "noindex");
    res.status(page.status).type("html").send(page.html);
  });
  return router;
}
