// What a request meets in Express before its route, in one list with how the hot path applies it
// (issue 38 §2). The signed-out GET /api/loops and GET /api/search are answered before Express
// (http/hot-routes.ts), so a middleware added to app.ts alone would silently skip them. So every
// middleware on their way through Express is made here: a shared step, which app.ts registers and
// hot-routes.ts applies its own way (one case per kind, checked by the compiler), or an Express-only
// one with the reason the hot path may skip it. api/test/request-steps.test.ts walks Express's stack
// for both paths and fails on a middleware that is neither, and when the hot path's steps are not
// the shared steps Express applies, in its order.
import type { RequestHandler } from "express";
import type { AppDeps } from "../deps";
import { hotRouteLatency, httpMetrics } from "../features/metrics/http-metrics.middleware";
import { compressAnswers } from "./compression";
import { securityHeaders } from "./security-headers";

/** How the hot path applies a shared step (withHotRoutes handles each kind). */
export type HotApplication =
  /** The headers the middleware sets, recorded once (headersSetBy) and written on every answer. */
  | { readonly kind: "headers" }
  /** The answer compressed as the middleware compresses it (same codings and threshold, Vary). */
  | { readonly kind: "compression" }
  /** The latency histogram observed once the answer is sent (undefined: nothing is measured). */
  | { readonly kind: "latency"; readonly observe: ((route: string, status: number, seconds: number) => void) | undefined };

export interface SharedStep {
  readonly name: string;
  /** What app.ts registers. */
  readonly middleware: RequestHandler;
  readonly hot: HotApplication;
}

/** Why the hot path may skip each Express-only middleware on its routes' way: written once, here. */
export const EXPRESS_ONLY_REASONS = {
  originCheck:
    "it refuses state-changing methods from other origins; the hot path answers GETs, and POSTs only with the app's own Origin (withHotRoutes' posts.appOrigin)",
  jsonBody:
    "it parses a JSON body; a GET has none, and the hot path reads a POST's as it does (JSON in UTF-8 up to the same limit, an object or an array, else MALFORMED_JSON) and hands what it leaves to Express with that body",
  session:
    "it reads the session cookie fresh; the hot path reads it through the process's kept sessions (withHotRoutes' viewerOf, features/auth/session-cache.ts), dropped when the member changes, and a hot POST in its own statement (app.token_transfer_by_session)",
  ban: "it refuses a banned member's session; the hot path hands a banned member's request to Express",
} as const;
export type ExpressOnlyReason = keyof typeof EXPRESS_ONLY_REASONS;

const declared = new WeakMap<object, SharedStep | ExpressOnlyReason>();

/** `middleware`, declared as applied by Express only, for `reason`. */
export function expressOnly<T extends RequestHandler>(reason: ExpressOnlyReason, middleware: T): T {
  declared.set(middleware, reason);
  return middleware;
}

/** What a middleware was declared as here; undefined when it was not (the test's failure). */
export function declarationOf(handle: object): SharedStep | ExpressOnlyReason | undefined {
  return declared.get(handle);
}

function shared(name: string, middleware: RequestHandler, hot: HotApplication): SharedStep {
  const step = { name, middleware, hot };
  declared.set(middleware, step);
  return step;
}

export interface SharedRequestSteps {
  readonly latency: SharedStep;
  readonly compression: SharedStep;
  readonly securityHeaders: SharedStep;
  /** On /api and /paypal only (not the web's pages and files). */
  readonly noStore: SharedStep;
  /** Every step, in the order Express applies them to the hot routes (the hot path's headers follow it). */
  readonly inOrder: readonly SharedStep[];
}

/** The app's shared steps (once per app: the metrics and headers are the app's). */
export function sharedRequestSteps(deps: AppDeps): SharedRequestSteps {
  const latency = shared("latency metric", httpMetrics(deps), { kind: "latency", observe: hotRouteLatency(deps) });
  const compression = shared("compression", compressAnswers(), { kind: "compression" });
  const headers = shared("security headers", securityHeaders(deps.config), { kind: "headers" });
  // Answers that depend on the session cookie: no shared cache may keep them. setHeader, not
  // Express's res.set: the hot path records it on a bare response (headersSetBy).
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  };
  const cacheControl = shared("Cache-Control: no-store", noStore, { kind: "headers" });
  return {
    latency,
    compression,
    securityHeaders: headers,
    noStore: cacheControl,
    inOrder: [latency, compression, headers, cacheControl],
  };
}
