// The hot routes (http/hot-routes.ts) skip Express: every middleware a request to them meets in
// Express must be a shared step, which the hot path applies too, or declared Express-only with its
// reason (http/shared-request-steps.ts, issue 38 §2). This walks Express's stack as its router
// would for those requests and fails on a middleware added to app.ts alone.
import express, { type Express } from "express";
import { describe, expect, it } from "vitest";
import { hotRoutesOf } from "../src/http/hot-routes";
import { declarationOf, EXPRESS_ONLY_REASONS, expressOnly, type SharedStep } from "../src/http/shared-request-steps";
import { suiteApp } from "./support/suite-app";
import type { TestApp } from "./support/test-app";

/** What the router package's layers hold (Express 5, router 2). */
interface Layer {
  name: string;
  handle: ((...args: unknown[]) => unknown) & { stack?: Layer[] };
  route?: { _handlesMethod(method: string): boolean };
  match(path: string): false | { path: string };
}

interface Met {
  /** The middleware's function name and where it sits, for the failure's message. */
  where: string;
  handle: object;
}

/**
 * The middlewares a `method` request (lower case) of `path` runs through, in order, until the route
 * that answers it (routers are entered, not counted: their own `use`s are); `answered` false when
 * no route answers it.
 */
function middlewaresBefore(stack: Layer[], path: string, method: string, at = ""): { met: Met[]; answered: boolean } {
  const met: Met[] = [];
  for (const [i, layer] of stack.entries()) {
    const match = layer.match(path);
    if (!match) continue;
    if (layer.route) {
      if (layer.route._handlesMethod(method)) return { met, answered: true };
      continue;
    }
    if (layer.handle.length === 4) continue; // an error handler: not run on the way
    if (Array.isArray(layer.handle.stack)) {
      const inner = middlewaresBefore(layer.handle.stack, path.slice(match.path.length) || "/", method, `${at}${match.path} `);
      met.push(...inner.met);
      if (inner.answered) return { met, answered: true };
      continue;
    }
    met.push({ where: `${at}#${i} ${layer.name}`, handle: layer.handle });
  }
  return { met, answered: false };
}

/** The walk's verdict for `app` and its hot `paths` (of `method`): undeclared middlewares, and the shared steps met in order. */
function checkPaths(app: Express, paths: readonly string[], method = "get") {
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  return paths.map((path) => {
    const { met, answered } = middlewaresBefore(router.stack, path, method);
    const declared = met.map((m) => ({ ...m, as: declarationOf(m.handle) }));
    return {
      path,
      answered,
      undeclared: declared.filter((m) => m.as === undefined).map((m) => m.where),
      shared: declared.flatMap((m) => (typeof m.as === "object" ? [m.handle] : [])),
    };
  });
}

describe("the hot routes' requests meet no middleware in Express that the hot path does not know", () => {
  let t: TestApp;

  suiteApp((app) => (t = app));

  it("every middleware on their way is a shared step or Express-only with a reason; the hot path applies the shared ones, in order", () => {
    const hot = hotRoutesOf(t.app);
    expect(hot?.paths).toEqual(["/api/loops", "/api/search", "/api/analytics/creator"]);
    expect(hot?.posts).toEqual(["/api/tokens/transfer"]);
    for (const verdict of [...checkPaths(t.app, hot!.paths), ...checkPaths(t.app, hot!.posts, "post")]) {
      expect(verdict.answered, `${verdict.path}: a route of Express answers it too`).toBe(true);
      expect(verdict.undeclared, `${verdict.path}: declare these in http/shared-request-steps.ts`).toEqual([]);
      expect(verdict.shared, `${verdict.path}: the hot path's steps`).toEqual(hot!.steps.map((step: SharedStep) => step.middleware));
    }
  });

  it("every Express-only reason is written", () => {
    for (const reason of Object.values(EXPRESS_ONLY_REASONS)) expect(reason.length).toBeGreaterThan(20);
  });

  it("catches a middleware added to Express only (the check itself)", () => {
    const app = express();
    const addedToAppOnly: express.RequestHandler = function requestLogger(_req, _res, next) {
      next();
    };
    app.use(expressOnly("originCheck", (_req, _res, next) => next()));
    app.use(addedToAppOnly);
    const api = express.Router();
    api.use("/admin", (_req, _res, next) => next()); // another path: not on the way
    api.get("/loops", (_req, res) => void res.json([]));
    app.use("/api", api);
    const [verdict] = checkPaths(app, ["/api/loops"]);
    expect(verdict).toMatchObject({ answered: true, undeclared: ["#1 requestLogger"], shared: [] });
  });
});
