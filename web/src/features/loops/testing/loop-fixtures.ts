/** Test data for the loops feature (imported by tests only). */
import type { LoopListResponse } from "@loop/rules/schemas/loops";
import { vi } from "vitest";
import type { CardLoop } from "../components/loop-card";

let counter = 0;

export function makeLoop(overrides: Partial<CardLoop> = {}): CardLoop {
  counter += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
  return {
    id,
    title: `Loop ${counter}`,
    description: "",
    price: "4.99",
    isFree: false,
    isPurchased: false,
    duration: 16,
    bpm: 120,
    key: "A minor",
    genreId: 1,
    genre: { id: 1, name: "House" },
    tags: "",
    // No preview by default: tests that need the player give one (and mock wavesurfer.js).
    audioFileUrl: null,
    peaksUrl: null,
    contentType: "loop",
    averageRating: null,
    totalRatings: 0,
    myRating: null,
    canRate: false,
    user: { id: "creator-1", username: "beatsmith", firstName: "Mia", email: null },
    downloadCount: 0,
    isPublic: true,
    status: "ready",
    artistName: null,
    albumName: null,
    releaseDate: null,
    lyrics: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

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

export function page(loops: CardLoop[], total: number): LoopListResponse {
  return { loops, total };
}
