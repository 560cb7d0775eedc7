import type { RequestHandler } from "express";
import { rateLimit, type Options } from "express-rate-limit";
import type { RateLimitConfig } from "../config";
import type { PrismaClient } from "../db/prisma";
import { PostgresRateLimitStore } from "./postgres-rate-limit-store";
import { DomainError } from "../domain-error";

export interface RateLimiters {
  /** GET /api/auth/nonce and POST /api/auth/web3 share one budget per IP. */
  walletSignIn: RequestHandler;
  emailLinkPerIp: RequestHandler;
  emailLinkPerAddress: RequestHandler;
  emailVerifyPerIp: RequestHandler;
  /** POST /api/loops/:id/plays, per IP (features/analytics). */
  playsPerIp: RequestHandler;
  /** POST /api/client-errors, per IP (features/client-errors). */
  clientErrorsPerIp: RequestHandler;
}

// Counted in Postgres (app.rate_limit_hits, ./postgres-rate-limit-store.ts): every API process
// shares each budget. A limit's rows are named by the limit and its settings: processes with the
// same RATE_LIMIT_* share a count, and a changed limit or window starts a count of its own.
function limiter(prisma: PrismaClient, name: string, windowMs: number, limit: number, extra: Partial<Options> = {}): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    store: new PostgresRateLimitStore(prisma, `${name}:${windowMs}:${limit}:`, windowMs),
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new DomainError("RATE_LIMITED")),
    ...extra,
  });
}

function emailOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("email" in body) || typeof body.email !== "string") return null;
  return body.email.trim().toLowerCase() || null;
}

export function createRateLimiters(config: RateLimitConfig, prisma: PrismaClient): RateLimiters {
  const { windowMs } = config;
  return {
    walletSignIn: limiter(prisma, "wallet-sign-in", windowMs, config.walletSignInPerIp),
    emailLinkPerIp: limiter(prisma, "email-link-ip", windowMs, config.emailLinkPerIp),
    // Stops anyone from flooding one inbox with sign-in links, from however many addresses.
    emailLinkPerAddress: limiter(prisma, "email-link-address", windowMs, config.emailLinkPerAddress, {
      keyGenerator: (req) => `email:${emailOf(req.body) ?? ""}`,
      skip: (req) => emailOf(req.body) === null,
    }),
    emailVerifyPerIp: limiter(prisma, "email-verify-ip", windowMs, config.emailVerifyPerIp),
    playsPerIp: limiter(prisma, "plays-ip", windowMs, config.playsPerIp),
    clientErrorsPerIp: limiter(prisma, "client-errors-ip", windowMs, config.clientErrorsPerIp),
  };
}
