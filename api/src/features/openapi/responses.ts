// Responses shared by many operations, written once with the middleware that produces them.
import { errorBodySchema } from "@loop/rules/schemas/api-responses";
import type { z } from "zod";
import type { HeaderSpec, ResponseSpec } from "./spec";

export function json(body: z.ZodType, description: string, headers?: Record<string, HeaderSpec>): ResponseSpec {
  return { description, body, ...(headers ? { headers } : {}) };
}

/** A failure: `{ message, code, fields? }` (http/errors.ts). */
export function failure(description: string, headers?: Record<string, HeaderSpec>): ResponseSpec {
  return json(errorBodySchema, description, headers);
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

/** express.json() and the route's zod schema (http/errors.ts). */
export const invalidBody = failure("The body is not valid JSON, or does not match the request schema; `message` names the first problem.");

/** express.json({ limit: "100kb" }). */
export const bodyTooLarge = failure("The body is larger than 100 kB.");

/** auth/require-user.ts. */
export const signInRequired = failure("Not signed in, or the session has expired (`Unauthorized`).");

/** auth/ban.middleware.ts, on GET calls that read the session. */
export const banned = failure("The signed-in account is banned: `Your account has been banned. Reason: …`.");

/** http/origin-check.ts and auth/ban.middleware.ts, on state-changing calls. */
export const crossSiteOrBanned = failure(
  "`Cross-site request refused`: the `Origin` (or, without it, the `Referer`) is not the app's origin; " +
    "or the signed-in account is banned.",
);

/** The same refusals in brief (the offer and payment routes). */
export const crossSiteOrBannedBrief = failure("A cross-site request, or a banned account.");

/** auth/require-admin.ts, behind the origin and ban checks: the admin routes. */
export const notAdmin = failure(
  "Not an admin (`Access Denied: You need admin privileges to access this page.`), a banned account, or a cross-site request.",
);

/** http/rate-limit.ts (express-rate-limit, IETF draft-7 headers). */
export const rateLimited = failure(
  "Too many calls from this IP address (or, for `POST /api/auth/email`, for this e-mail address); try again later.",
  {
    "Retry-After": { description: "Seconds until the window resets", schema: { type: "integer", minimum: 0 } },
    RateLimit: { description: "`limit=<n>, remaining=<n>, reset=<seconds>`", schema: { type: "string" } },
    "RateLimit-Policy": { description: "`<limit>;w=<window seconds>`", schema: { type: "string" } },
  },
);
