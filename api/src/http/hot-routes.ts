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
// query and the stack around them (issue 39 §4). And one call that changes something: POST
// /api/tokens/transfer (issue 39 §1), whose one statement reads the session itself, so Express's
// stack, body parser and session read were most of its cost. A POST is taken only when Express
// would let it through to its body parser unchanged: the app's own Origin (the origin check), JSON
// in UTF-8 of a stated length within the parser's limit. Its body is read and parsed here as the
// parser does; a request the route leaves (signed out, banned, …) goes to Express with that body
// (jsonBodyAfterHotPosts), so Express's session middleware and route answer it as before. A
// failure of the route is answered 500 here, never run again through Express.
// What both paths apply is one list, http/shared-request-steps.ts (issue 38 §2): this file applies
// each of its steps by kind.
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeader, ServerResponse } from "node:http";
import type { Express, NextFunction, Request, RequestHandler, Response } from "express";
import { DomainError } from "../domain-error";
import { chooseCoding, COMPRESS_MIN_BYTES, compressBody } from "./compression";
import { memoizedQueryText } from "./memoized-query-parser";
import type { SharedStep } from "./shared-request-steps";

/**
 * A hot answer's JSON: text, bytes, or bytes in parts sent one after another (a member's catalog
 * page: the shared page's own bytes with the member's cards between them, never copied into one).
 */
export type HotBody = Buffer | string | readonly Buffer[];

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
  answerSignedIn?(query: unknown, viewerId: string): Promise<HotBody>;
}

/** An answer of a hot POST: its status and JSON text. */
export interface HotAnswer {
  readonly status: number;
  readonly text: string;
}

/**
 * A call that changes something, answered before Express (POST /api/tokens/transfer, issue 39 §1):
 * a POST of JSON to its exact path from the app's own origin, its body read and parsed here as
 * Express's JSON body parser would (a malformed body is refused here with the same answer).
 */
export interface HotPost {
  readonly path: string;
  /**
   * The answer to a POST of `body` (a JSON object or array) with these headers, or null: Express
   * answers it from its first step, with `body` as its JSON body parser's (jsonBodyAfterHotPosts).
   * Null only when nothing was written. What it throws is answered 500 here, as Express's error
   * handler answers it, and never run again through Express: a statement that failed on its way
   * back may have committed (a transfer run twice would move the money twice).
   */
  answer(headers: IncomingHttpHeaders, body: unknown): Promise<HotAnswer | null>;
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
  /**
   * The POSTs answered here: only from `appOrigin` (Express's origin check refuses the rest), bodies
   * up to `bodyLimitBytes`; `logError` gets what a route throws (as Express's error handler logs it).
   */
  posts?: { routes: readonly HotPost[]; appOrigin: string; bodyLimitBytes: number; logError: (error: unknown) => void };
}

/** The bodies a hot POST read and then left to Express: its JSON body parser takes them from here. */
const readBodies = new WeakMap<IncomingMessage, unknown>();

/** Express's JSON body parser (`parser`) for an app with hot POSTs: a body the hot path read is taken as read. */
export function jsonBodyAfterHotPosts(parser: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!readBodies.has(req)) return parser(req, res, next);
    req.body = readBodies.get(req);
    next();
  };
}

/** A refusal as Express's error handler answers it (http/errors.ts): its status and `{ message, code, … }`. */
export function refusalAnswer(error: DomainError): HotAnswer {
  return { status: error.status, text: JSON.stringify(error.answer()) };
}

/** Whether a POST is one the hot path reads: JSON in UTF-8 of a stated length up to `limit`, not encoded, from `appOrigin`. */
function hotPostable(headers: IncomingHttpHeaders, appOrigin: string, limit: number): boolean {
  if (headers.origin !== appOrigin || headers["transfer-encoding"] !== undefined) return false;
  const encoding = headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return false;
  const length = Number(headers["content-length"]);
  if (!Number.isInteger(length) || length <= 0 || length > limit) return false;
  const type = headers["content-type"]?.toLowerCase().replace(/\s/g, "");
  return type === "application/json" || type === "application/json;charset=utf-8";
}

/**
 * A body's JSON as Express's JSON body parser (strict) reads it: an object or an array; anything
 * else (a bare value, text that is not JSON) is the parser's refusal, MALFORMED_JSON.
 */
function parsedJson(text: string): { body: unknown } | null {
  let body: unknown;
  try {
    // The parser's decoder drops a byte order mark.
    body = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return null;
  }
  return typeof body === "object" && body !== null ? { body } : null;
}

function partsLength(parts: readonly Buffer[]): number {
  let length = 0;
  for (const part of parts) length += part.length;
  return length;
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
const hotRoutesByApp = new WeakMap<object, HotRoutesOfApp>();

interface HotRoutesOfApp {
  /** The hot reads' paths (GET). */
  paths: readonly string[];
  /** The hot POSTs' paths. */
  posts: readonly string[];
  steps: readonly SharedStep[];
}

/** The hot routes' paths and shared steps of an app made by withHotRoutes; undefined for any other. */
export function hotRoutesOf(app: object): HotRoutesOfApp | undefined {
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
  // Kept by the query's text: the catalog's and the search's few hundred distinct queries are asked
  // for over and over (their parsed forms are kept by this object too: memoized-query-parser.ts).
  const parseQuery = memoizedQueryText(app.get("query parser fn") as (text: string) => unknown);
  const cookieMark = `${options.sessionCookie}=`;
  const steps = applicationOf(options.steps);
  const fixed: HeaderValue[] = [];
  for (const [name, value] of steps.headers) fixed.push(name, value);
  fixed.push("Content-Type", "application/json; charset=utf-8");
  // As the compression middleware answers the Express route (http/compression.ts).
  if (steps.compress) fixed.push("Vary", "Accept-Encoding");

  const toExpress = (req: IncomingMessage, res: ServerResponse, next?: NextFunction) =>
    app(req as Request, res as Response, next as NextFunction);

  async function answer(route: HotRoute, produce: () => Promise<HotBody>, req: IncomingMessage, res: ServerResponse, next?: NextFunction) {
    const started = performance.now();
    let body: HotBody;
    try {
      body = await produce();
    } catch {
      toExpress(req, res, next);
      return;
    }
    send(route.path, 200, body, started, req, res);
  }

  function send(path: string, status: number, body: HotBody, started: number, req: IncomingMessage, res: ServerResponse) {
    if (steps.observers.length > 0)
      res.once("finish", () => {
        const seconds = (performance.now() - started) / 1000;
        for (const observe of steps.observers) observe(path, status, seconds);
      });
    const parts = Array.isArray(body) ? (body as readonly Buffer[]) : null;
    const length = parts ? partsLength(parts) : typeof body === "string" ? Buffer.byteLength(body, "utf8") : (body as Buffer).length;
    const coding = steps.compress && length >= COMPRESS_MIN_BYTES ? chooseCoding(req.headers["accept-encoding"]) : null;
    if (coding === null) {
      res.writeHead(status, [...fixed, "Content-Length", length] as unknown as string[]);
      if (parts === null) res.end(body as Buffer | string);
      else {
        // One write of every part (end uncorks).
        res.cork();
        for (const part of parts) res.write(part);
        res.end();
      }
      return;
    }
    const bytes = parts ? Buffer.concat(parts, length) : typeof body === "string" ? Buffer.from(body, "utf8") : (body as Buffer);
    // The body is the catalog cache's (the same Buffer or text for every answer of an entry): each
    // coding is computed once per entry.
    compressBody(
      bytes,
      coding,
      (compressed) => {
        const sent = compressed ?? bytes;
        const encoding = compressed ? ["Content-Encoding", coding] : [];
        res.writeHead(status, [...fixed, ...encoding, "Content-Length", sent.length] as unknown as string[]);
        res.end(sent);
      },
      body,
    );
  }

  const posts = options.posts;
  const postsByPath = new Map(posts?.routes.map((route) => [route.path, route]));
  const malformedAnswer = refusalAnswer(new DomainError("MALFORMED_JSON"));
  const internalAnswer = refusalAnswer(new DomainError("INTERNAL"));

  /** A hot POST: its body read here, then answered here, or (null) by Express with that body. */
  function answerPost(post: HotPost, req: IncomingMessage, res: ServerResponse, next?: NextFunction) {
    const started = performance.now();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const json = parsedJson(Buffer.concat(chunks).toString("utf8"));
      if (json === null) {
        send(post.path, malformedAnswer.status, malformedAnswer.text, started, req, res);
        return;
      }
      post.answer(req.headers, json.body).then(
        (answered) => {
          if (answered !== null) send(post.path, answered.status, answered.text, started, req, res);
          else {
            readBodies.set(req, json.body);
            toExpress(req, res, next);
          }
        },
        (error: unknown) => {
          posts!.logError(error);
          send(post.path, internalAnswer.status, internalAnswer.text, started, req, res);
        },
      );
    });
  }

  const handler = function hotRoutes(req: IncomingMessage, res: ServerResponse, next?: NextFunction) {
    const url = req.url ?? "";
    const mark = url.indexOf("?");
    if (req.method === "POST" && posts !== undefined) {
      const post = postsByPath.get(mark === -1 ? url : url.slice(0, mark));
      if (post !== undefined && hotPostable(req.headers, posts.appOrigin, posts.bodyLimitBytes)) answerPost(post, req, res, next);
      else toExpress(req, res, next);
      return;
    }
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
  hotRoutesByApp.set(handler, {
    paths: routes.map((route) => route.path),
    posts: posts?.routes.map((route) => route.path) ?? [],
    steps: options.steps,
  });
  return handler as unknown as Express;
}
