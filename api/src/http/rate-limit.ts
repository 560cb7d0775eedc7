import type { RequestHandler } from "express";
import { rateLimit, type Options } from "express-rate-limit";
import type { RateLimitConfig } from "../config";
import { TooManyRequests } from "./errors";

export interface RateLimiters {
  /** GET /api/auth/nonce and POST /api/auth/web3 share one budget per IP. */
  walletSignIn: RequestHandler;
  emailLinkPerIp: RequestHandler;
  emailLinkPerAddress: RequestHandler;
  emailVerifyPerIp: RequestHandler;
}

// In memory, per process: enough for one API instance; several replicas would need a shared
// store (express-rate-limit has Redis and Postgres stores) to keep the same limits.
function limiter(windowMs: number, limit: number, extra: Partial<Options> = {}): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new TooManyRequests()),
    ...extra,
  });
}

function emailOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("email" in body) || typeof body.email !== "string") return null;
  return body.email.trim().toLowerCase() || null;
}

export function createRateLimiters(config: RateLimitConfig): RateLimiters {
  const { windowMs } = config;
  return {
    walletSignIn: limiter(windowMs, config.walletSignInPerIp),
    emailLinkPerIp: limiter(windowMs, config.emailLinkPerIp),
    // Stops anyone from flooding one inbox with sign-in links, from however many addresses.
    emailLinkPerAddress: limiter(windowMs, config.emailLinkPerAddress, {
      keyGenerator: (req) => `email:${emailOf(req.body) ?? ""}`,
      skip: (req) => emailOf(req.body) === null,
    }),
    emailVerifyPerIp: limiter(windowMs, config.emailVerifyPerIp),
  };
}
