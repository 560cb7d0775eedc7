// Responses shared by many operations, written once with the middleware that produces them.
import type { ErrorCode } from "@loop/rules/error-codes";
import { errorBodySchema } from "@loop/rules/schemas/error-body";
import type { z } from "zod";
import type { HeaderSpec, ResponseSpec } from "./spec";

export function json(body: z.ZodType, description: string, headers?: Record<string, HeaderSpec>): ResponseSpec {
  return { description, body, ...(headers ? { headers } : {}) };
}

/**
 * A failure: `{ message, code, fields? }` (api/src/http/errors.ts) with one of `codes`, the codes
 * this status answers for the operation (docs/conventions.md#errors).
 */
export function failure(codes: readonly ErrorCode[], description: string, headers?: Record<string, HeaderSpec>): ResponseSpec {
  return { ...json(errorBodySchema, description, headers), codes };
}

const location: HeaderSpec = { description: "Where the browser goes next", schema: { type: "string" }, required: true };

export function redirect(description: string, headers?: Record<string, HeaderSpec>): ResponseSpec {
  return { description, headers: { Location: location, ...headers } };
}

/** Set-Cookie of sign-in calls (auth/session-cookie.ts). */
export const setsSessionCookie: Record<string, HeaderSpec> = {
  "Set-Cookie": {
    description:
      "`loop_session=<token>; Path=/; Expires=…; HttpOnly; SameSite=Lax` (and `Secure` in production): the new session. " +
      "A session the browser already had is ended.",
    schema: { type: "string" },
    required: true,
  },
};

/** express.json() and the route's zod schema (api/src/http/errors.ts). */
export const invalidBody = failure(
  ["VALIDATION_FAILED", "MALFORMED_JSON"],
  "The body is not valid JSON, or does not match the request schema; `message` names the first problem.",
);

/** A query string that does not match the route's schema. */
export const invalidQuery = (description: string) => failure(["VALIDATION_FAILED"], description);

/** express.json({ limit: "100kb" }). */
export const bodyTooLarge = failure(["PAYLOAD_TOO_LARGE"], "The body is larger than 100 kB.");

/** auth/require-user.ts. */
export const signInRequired = failure(["UNAUTHORIZED"], "Not signed in, or the session has expired (`Unauthorized`).");

/** A loop's routes: no such loop, or one the caller may not see (a hidden or someone else's private loop). */
export const loopNotFound = failure(["LOOP_NOT_FOUND"], "No such loop, or not visible to the caller (`Loop Not Found`).");

/** A loop's routes: a loop its creator took down. */
export const loopRemoved = failure(["LOOP_REMOVED"], "`Loop Removed: …`: its creator took it down.");

/** auth/ban.middleware.ts, on GET calls that read the session. */
export const banned = failure(["ACCOUNT_BANNED"], "The signed-in account is banned: `Your account has been banned. Reason: …`.");

/** http/origin-check.ts and auth/ban.middleware.ts, on state-changing calls. */
export const crossSiteOrBanned = failure(
  ["CROSS_SITE_REFUSED", "ACCOUNT_BANNED"],
  "`Cross-site request refused`: the `Origin` (or, without it, the `Referer`) is not the app's origin; " +
    "or the signed-in account is banned.",
);

/** The same refusals in brief (the offer and payment routes). */
export const crossSiteOrBannedBrief = failure(["CROSS_SITE_REFUSED", "ACCOUNT_BANNED"], "A cross-site request, or a banned account.");

/** A member's checkout of one loop (a PayPal order, a wallet quote): signed out, refused, no such loop, bought already, too large. */
export const loopCheckoutRefusals = {
  401: signInRequired,
  403: crossSiteOrBannedBrief,
  404: failure(["LOOP_NOT_FOUND"], "`Loop Not Found`."),
  409: failure(["ALREADY_PURCHASED"], "`Already Purchased: …`."),
  413: bodyTooLarge,
} as const;

/** auth/require-admin.ts, behind the origin and ban checks: the admin routes. */
export const notAdmin = failure(
  ["ADMIN_REQUIRED", "ACCOUNT_BANNED", "CROSS_SITE_REFUSED"],
  "Not an admin (`Access Denied: You need admin privileges to access this page.`), a banned account, or a cross-site request.",
);

/** Every admin route's refusals besides its own: signed out, or not an admin (auth/require-admin.ts). */
export const adminOnly = { 401: signInRequired, 403: notAdmin } as const;

/** http/idempotency.ts: a money call's Idempotency-Key used with another request. */
export const idempotencyKeyReused = failure(
  ["IDEMPOTENCY_KEY_REUSED"],
  "The `Idempotency-Key` was used with another request, or its first request is still being processed.",
);

/** express-rate-limit's IETF draft-7 headers. */
const rateLimitHeaders: Record<string, HeaderSpec> = {
  "Retry-After": { description: "Seconds until the window resets", schema: { type: "integer", minimum: 0 } },
  RateLimit: { description: "`limit=<n>, remaining=<n>, reset=<seconds>`", schema: { type: "string" } },
  "RateLimit-Policy": { description: "`<limit>;w=<window seconds>`", schema: { type: "string" } },
};

/** http/rate-limit.ts (express-rate-limit, IETF draft-7 headers). */
export const rateLimited = failure(
  ["RATE_LIMITED"],
  "Too many calls from this IP address (or, for `POST /api/auth/email`, for this e-mail address); try again later.",
  rateLimitHeaders,
);

/** http/per-user-hourly-limit.ts: a member's calls per hour, with its own code. */
export const hourlyLimited = (
  code: "TOKEN_ORDERS_RATE_LIMITED" | "NOTIFICATIONS_RATE_LIMITED" | "RECEIPTS_RATE_LIMITED",
  description: string,
) => failure([code], description, rateLimitHeaders);
