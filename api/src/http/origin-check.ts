import type { RequestHandler } from "express";
import { DomainError } from "../domain-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths called by other servers (payment webhooks), which carry no browser Origin and prove
 * themselves by their own signatures instead.
 */
export const ORIGIN_CHECK_EXEMPT = [/^\/api\/webhooks\//];

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery guard for state-changing calls: the cookie is SameSite=Lax, and
 * this also refuses same-site but cross-origin pages and old browsers without SameSite.
 */
export function originCheck(appOrigin: string): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || ORIGIN_CHECK_EXEMPT.some((pattern) => pattern.test(req.path))) return next();
    const origin = req.headers.origin !== undefined ? originOf(req.headers.origin) : originOf(req.headers.referer);
    if (origin !== appOrigin) throw new DomainError("CROSS_SITE_REFUSED");
    next();
  };
}
