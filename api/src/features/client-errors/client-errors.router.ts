// POST /api/client-errors (issue 36, "Nothing goes blank"): a page of the web app that failed to
// render reports it here, and it is written to the API's log under a request id of its own (answered
// in X-Request-Id). Public (a visitor's page fails too), so it is rate-limited per IP like the other
// public calls, and its body is parsed here with a small limit before the API's 100 kB parser.
import { randomUUID } from "node:crypto";
import { CLIENT_ERROR_MAX_BYTES, clientErrorSchema } from "@loop/rules/schemas/client-errors";
import express, { Router } from "express";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";

export function clientErrorsRouter(deps: RouterDeps): Router {
  const router = Router();
  router.post("/client-errors", deps.limits.clientErrorsPerIp, express.json({ limit: CLIENT_ERROR_MAX_BYTES }), (req, res) => {
    const report = parseBody(req, clientErrorSchema);
    const requestId = randomUUID();
    // One line, the page's texts quoted as JSON (they cannot forge log lines); the logger is read
    // per request, as a test may replace it.
    const line = `client error ${requestId}: ${JSON.stringify(report.message)} at ${JSON.stringify(report.url)} (${JSON.stringify(req.get("user-agent") ?? "")})${
      report.stack ? ` stack ${JSON.stringify(report.stack)}` : ""
    }`;
    if (deps.logger) deps.logger.warn(line);
    else console.warn(line);
    res.set("X-Request-Id", requestId).status(204).end();
  });
  return router;
}
