/** Test data for the loops feature (imported by tests only). */
import type { LoopListResponse, PublicLoop } from "@loop/rules/schemas/loops";
import { vi } from "vitest";

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs `fetch`: `routes` maps "METHOD /path" (query string ignored; the handler gets the URL) to a
 * handler. Unknown calls answer 404. Returns the mock, whose calls record every URL asked.
 */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json({ message: "Not found" }, 404);
    return handler(url, init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The `/api/loops` URLs fetched so far. */
export function loopListCalls(fetchMock: ReturnType<typeof stubApi>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost"))
    .filter((url) => url.pathname === "/api/loops");
}

export function page(loops: PublicLoop[], total: number): LoopListResponse {
  return { loops, total };
}
