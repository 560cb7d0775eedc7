import type { Response } from "express";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * Sends a JSON body that is already text (written by Postgres or kept by the catalog cache) with
 * the headers `res.json` would set, straight to Node: Express's `send` would look the type up, parse
 * it back for its charset and check request freshness for an ETag the API does not use (app.ts), on
 * the two busiest calls (docs/decisions.md, "Issue 19 — maintained counts, and the response path").
 */
export function sendJsonText(res: Response, body: Buffer | string): void {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  res.setHeader("Content-Type", JSON_CONTENT_TYPE);
  res.setHeader("Content-Length", bytes.length);
  res.end(bytes);
}
