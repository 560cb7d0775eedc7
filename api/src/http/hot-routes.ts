// The busiest reads, GET /api/loops and GET /api/search, answered before Express (issue 19;
// docs/decisions.md, "Issue 19 — the hot routes"). Express costs about 0.15 ms of CPU per request
// before and after any handler (its request and response objects, the router's layers, the
// middleware stack), more than the handler of a cached page and about a third of an uncached one.
// For these two reads that stack does nothing a precomputed answer cannot: the security headers are
// the same on every answer, the origin check passes a GET, and there is no body to parse. A session
// cookie is read through the process's kept sessions (features/auth/session-cache.ts: "A member's
// page costs a visitor's"), and a banned or unknown member goes to Express. So the app is wrapped by
// a function that answers them itself, with the same headers, status and body as the Express route
// (which stays, for HEAD and any other spelling of the path), and hands every other request, and
// any failure of these, to Express. A creator's analytics (members only, GET
// /api/analytics/creator) is answered here too: its two statements are its cost, not the session
// query and the stack around them (issue 39 §4).
// What both paths apply is one list, http/shared-request-steps.ts (issue 38 §2): this file applies
// each of its steps by kind.
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from "node:http";
import type { Express, NextFunction, Request, RequestHandler, Response } from "express";
import { chooseCoding, COMPRESS_MIN_BYTES, compressBody } from "./compression";
import type { SharedStep } from "./shared-request-steps";

/** A read answered before Express: its exact path and the JSON text of its answer. */
export interface HotRoute {
  readonly path: string;
  /**
   * The answer to a signed-out GET with this query (parsed as Express parses query strings). What
   * it throws is not answered here: Express runs the request again and its route and error handler
   * answer (a 400 for a bad query, as before). Without it (a members-only read), a signed-out
   * request goes to Express, which refuses it.
   */
  answer?(query: unknown): Promise<Buffer | string>;
  /**
   * The answer to a signed-in member's GET (not banned: a banned member's request goes to Express,
   * which refuses it). Without it, a request with a session cookie goes to Express.
   */
  answerSignedIn?(query: unknown, viewerId: string): Promise<Buffer | string>;
}

/** A hot read anyone may make: it answers visitors too. */
export type PublicHotRoute = HotRoute & Required<Pick<HotRoute, "answer">>;

/** The member a request's session cookie signs in, as the hot path needs it. */
export interface HotViewer {
  readonly userId: string;
  readonly isBanned: boolean;
}

export interface HotRouteOptions {
  /** The shared steps, in Express's order (sharedRequestSteps(…).inOrder): each applied by its kind. */
  steps: readonly SharedStep[];
  /** A request carrying this cookie is a possible viewer: Express's session middleware reads it. */
  sessionCookie: string;
  /**
   * The member of a request's Cookie header (null: none, unknown or expired; Express then answers).
   * Without it, every request with the session cookie goes to Express.
   */
  viewerOf?: (cookieHeader: string) => HotViewer | null | Promise<HotViewer | null>;
}

/** Thrown by a hot answer that Express must give instead (a banned or unknown member). */
const TO_EXPRESS = Symbol("to Express");

/** What the hot path does for `steps`: the headers of every answer (in order), compression, the observers of each answer. */
function applicationOf(steps: readonly SharedStep[]) {
  const headerSteps: RequestHandler[] = [];
  let compress = false;
  const observers: ((route: string, status: number, seconds: number) => void)[] = [];
  for (const step of steps) {
    const hot = step.hot;
    switch (hot.kind) {
      case "headers":
        headerSteps.push(step.middleware);
        break;
      case "compression":
        compress = true;
        break;
      case "latency":
        if (hot.observe) observers.push(hot.observe);
        break;
      default: {
        // A new kind of step must be applied here before it can be shared (this stops the build).
        const unknownKind: never = hot;
        throw new Error(`a shared step of unknown kind: ${JSON.stringify(unknownKind)}`);
      }
    }
  }
  return { headers: headersSetBy(...headerSteps), compress, observers };
}

/** What withHotRoutes was given, by the app it returned (for api/test/request-steps.test.ts). */
const hotRoutesByApp = new WeakMap<object, { paths: readonly string[]; steps: readonly SharedStep[] }>();

/** The hot routes' paths and shared steps of an app made by withHotRoutes; undefined for any other. */
export function hotRoutesOf(app: object): { paths: readonly string[]; steps: readonly SharedStep[] } | undefined {
  return hotRoutesByApp.get(app);
}

type HeaderValue = OutgoingHttpHeader;

/** The headers the middlewares set, one after the other, on a response that carries none, in order, by their written names. */
export function headersSetBy(...middlewares: RequestHandler[]): [string, HeaderValue][] {
  const headers = new Map<string, [string, HeaderValue]>();
  const recorder = {
    setHeader(name: string, value: HeaderValue) {
      headers.set(name.toLowerCase(), [name, value]);
      return recorder;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  for (const middleware of middlewares) {
    let called = false;
    middleware(
      { headers: {}, method: "GET", url: "/" } as Request,
      recorder as unknown as Response,
      (() => {
        called = true;
      }) as NextFunction,
    );
    if (!called) throw new Error("a headers middleware did not call next() at once: its headers cannot be precomputed");
  }
  return [...headers.values()];
}

/** `app` with `routes` answered in front of it; every Express property and method (listen, settings) is the app's. */
export function withHotRoutes(app: Express, routes: readonly HotRoute[], options: HotRouteOptions): Express {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const parseQuery = app.get("query parser fn") as (text: string) => unknown;
  const cookieMark = `${options.sessionCookie}=`;
  const steps = applicationOf(options.steps);
  const fixed: HeaderValue[] = [];
  for (const [name, value] of steps.headers) fixed.push(name, value);
  fixed.push("Content-Type", "application/json; charset=utf-8");
  // As the compression middleware answers the Express route (http/compression.ts).
  if (steps.compress) fixed.push("Vary", "Accept-Encoding");

  const toExpress = (req: IncomingMessage, res: ServerResponse, next?: NextFunction) =>
    app(req as Request, res as Response, next as NextFunction);

  async function answer(
    route: HotRoute,
    produce: () => Promise<Buffer | string>,
    req: IncomingMessage,
    res: ServerResponse,
    next?: NextFunction,
  ) {
    const started = performance.now();
    let body: Buffer | string;
    try {
      body = await produce();
    } catch {
      toExpress(req, res, next);
      return;
    }
    const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
    if (steps.observers.length > 0)
      res.once("finish", () => {
        const seconds = (performance.now() - started) / 1000;
        for (const observe of steps.observers) observe(route.path, 200, seconds);
      });
    const coding = steps.compress && bytes.length >= COMPRESS_MIN_BYTES ? chooseCoding(req.headers["accept-encoding"]) : null;
    if (coding === null) {
      res.writeHead(200, [...fixed, "Content-Length", bytes.length] as unknown as string[]);
      res.end(bytes);
      return;
    }
    // The body is the catalog cache's (the same Buffer or text for every answer of an entry): each
    // coding is computed once per entry.
    compressBody(
      bytes,
      coding,
      (compressed) => {
        const sent = compressed ?? bytes;
        const encoding = compressed ? ["Content-Encoding", coding] : [];
        res.writeHead(200, [...fixed, ...encoding, "Content-Length", sent.length] as unknown as string[]);
        res.end(sent);
      },
      body,
    );
  }

  const handler = function hotRoutes(req: IncomingMessage, res: ServerResponse, next?: NextFunction) {
    const url = req.url ?? "";
    const mark = url.indexOf("?");
    const route = req.method === "GET" ? byPath.get(mark === -1 ? url : url.slice(0, mark)) : undefined;
    if (route === undefined) {
      toExpress(req, res, next);
      return;
    }
    const query = mark === -1 ? "" : url.slice(mark + 1);
    const cookie = req.headers.cookie;
    if (cookie === undefined || !cookie.includes(cookieMark)) {
      const signedOut = route.answer;
      if (signedOut === undefined) toExpress(req, res, next);
      else void answer(route, () => signedOut.call(route, parseQuery(query)), req, res, next);
      return;
    }
    const { answerSignedIn } = route;
    const { viewerOf } = options;
    if (answerSignedIn === undefined || viewerOf === undefined) {
      toExpress(req, res, next);
      return;
    }
    const answerFor = (viewer: HotViewer | null) => {
      if (viewer === null || viewer.isBanned) throw TO_EXPRESS;
      return answerSignedIn.call(route, parseQuery(query), viewer.userId);
    };
    // A kept session is known at once: no promise between the request and its answer.
    const signedIn = () => {
      const viewer = viewerOf(cookie);
      return viewer instanceof Promise ? viewer.then(answerFor) : answerFor(viewer);
    };
    void answer(route, signedIn, req, res, next);
  };
  // Express's own methods (listen, get/set of settings, …) work on the wrapper: listen serves the wrapper.
  Object.setPrototypeOf(handler, app);
  hotRoutesByApp.set(handler, { paths: routes.map((route) => route.path), steps: options.steps });
  return handler as unknown as Express;
}
