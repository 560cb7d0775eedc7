// GET /metrics in Prometheus text format (issue 21). Access (docs/decisions.md): with METRICS_TOKEN
// set, only `Authorization: Bearer <token>` (401 otherwise); without it, open outside production
// and 404 in production, so that no business figure leaks by default. Mounted outside /api: it is
// for the scraper, not the web app, and is not part of the OpenAPI document.
import { createHash, timingSafeEqual } from "node:crypto";
import { Router, type Request } from "express";
import type { RouterDeps } from "../../deps";
import { appMetrics } from "./metrics.registry";
import { DomainError } from "../../domain-error";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests, so the time taken tells nothing about the token. */
function bearerMatches(req: Request, expected: Buffer): boolean {
  const header = req.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

export function metricsRouter(deps: RouterDeps): Router {
  const router = Router();
  const metrics = appMetrics(deps);
  const token = deps.config.metricsToken;
  const expected = token === null ? null : digest(token);
  router.get("/metrics", async (req, res) => {
    if (!metrics) throw new DomainError("ROUTE_NOT_FOUND", { method: "GET", path: req.path });
    if (expected && !bearerMatches(req, expected)) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new DomainError("METRICS_TOKEN_REQUIRED");
    }
    metrics.startCollectors();
    const text = await metrics.registry.metrics();
    res.set("Cache-Control", "no-store");
    res.type(metrics.registry.contentType).send(text);
  });
  return router;
}
