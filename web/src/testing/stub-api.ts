/**
 * The one stand-in for the API in web tests: `stubApi(routes)` replaces `fetch` at the network
 * boundary and records every call (tests only).
 */
import { type Mock, vi } from "vitest";

/** A JSON answer, as the API sends one. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** One call the page made: handlers get it, and `calls()` lists them. */
export interface ApiRequest {
  /** Upper case: "GET", "POST", … */
  method: string;
  /** The path without the query, e.g. "/api/loops". */
  path: string;
  /** The URL asked, relative ones against http://localhost (`url.search`, `url.searchParams`). */
  url: URL;
  /** The `:name` segments of the route that answered, e.g. `{ id: "n-1" }` for "PUT /api/notifications/:id/read". */
  params: Record<string, string>;
  /** The headers sent, names in lower case. */
  headers: Record<string, string>;
  /** The body sent: parsed when it is JSON text, as sent otherwise (FormData…), undefined without one. */
  body: unknown;
  /** The `fetch` options as the page passed them. */
  init: RequestInit | undefined;
}

export type ApiHandler = (request: ApiRequest) => Response | Promise<Response>;

/**
 * Routes to their handlers. A route is "METHOD /path", or "/path" for GET; a `:name` segment matches
 * any one segment ("PUT /api/notifications/:id/read"); a route with a query ("/api/negotiations?scope=sent")
 * answers that query only, one without answers the path whatever the query. The most precise route
 * answers (query, then plain path, then pattern); between equals, the later key.
 */
export type ApiRoutes = Record<string, ApiHandler>;

export interface StubbedApi {
  /** The `fetch` stand-in, for the few tests that wrap it. */
  fetch: Mock<typeof fetch>;
  /** Every call so far, in order, unanswered ones included. */
  requests: ApiRequest[];
  /** The calls that `route` (written as in `ApiRoutes`) matches, in order. */
  calls(route: string): ApiRequest[];
  /** The bodies of `calls(route)`, in order. */
  bodies(route: string): unknown[];
}

/** GET /api/auth/user answers 401: nobody is signed in. */
export const SIGNED_OUT = { "GET /api/auth/user": () => json({ message: "Unauthorized" }, 401) } satisfies ApiRoutes;

/**
 * Stubs `fetch`: each call is answered by the handler of its route (see `ApiRoutes`); a call no route
 * matches answers 404, so that a test never reaches a real host. Returns the calls for assertions.
 */
export function stubApi(routes: ApiRoutes): StubbedApi {
  const table = Object.entries(routes)
    .map(([route, handler], order) => ({ match: matcher(route), handler, order }))
    .sort((a, b) => b.match.precision - a.match.precision || b.order - a.order);
  const requests: ApiRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request = toApiRequest(input, init);
    requests.push(request);
    for (const { match, handler } of table) {
      const params = match(request);
      if (params) return handler({ ...request, params });
    }
    return json({ message: "Not found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  const calls = (route: string) => {
    const match = matcher(route);
    return requests.filter((request) => match(request) !== null);
  };
  return { fetch: fetchMock, requests, calls, bodies: (route) => calls(route).map((request) => request.body) };
}

function toApiRequest(input: RequestInfo | URL, init: RequestInit | undefined): ApiRequest {
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, "http://localhost");
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  return { method, path: url.pathname, url, params: {}, headers, body: parsedBody(init?.body), init };
}

function parsedBody(body: RequestInit["body"]): unknown {
  if (typeof body !== "string") return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

type Matcher = ((request: ApiRequest) => Record<string, string> | null) & { precision: number };

/** The request's `:name` segments when `route` matches it, null otherwise. */
function matcher(route: string): Matcher {
  const [method, target] = route.includes(" ") ? (route.split(" ", 2) as [string, string]) : ["GET", route];
  const [path, query] = target.split("?", 2) as [string, string | undefined];
  const names: string[] = [];
  const source = path.replace(/:(\w+)|[.*+?^${}()|[\]\\]/g, (text, name?: string) => {
    if (!name) return `\\${text}`;
    names.push(name);
    return "([^/]+)";
  });
  const pattern = new RegExp(`^${source}$`);
  const match = (request: ApiRequest) => {
    if (request.method !== method.toUpperCase()) return null;
    if (query !== undefined && request.url.search !== `?${query}`) return null;
    const found = pattern.exec(request.path);
    return found ? Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)])) : null;
  };
  return Object.assign(match, { precision: query !== undefined ? 2 : names.length === 0 ? 1 : 0 });
}
