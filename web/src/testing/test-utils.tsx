import type { CurrentUser } from "@loop/rules/api-types";
import { levelInfo } from "@loop/rules/levels";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import { createQueryClient } from "@/lib/query-client";

export type FetchRoute = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * Stubs `fetch` at the network boundary: `routes` maps "METHOD /path" (or "/path" for GET) to a
 * response. Unknown calls answer 404 so a test never reaches a real host.
 */
export function stubFetch(routes: Record<string, FetchRoute | Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, "");
    const method = (init?.method ?? "GET").toUpperCase();
    const route = routes[`${method} ${path}`] ?? (method === "GET" ? routes[path] : undefined);
    if (!route) return json({ message: "Not found" }, 404);
    return typeof route === "function" ? route(init, path) : route.clone();
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export const SIGNED_OUT = { "/api/auth/user": () => json({ message: "Unauthorized" }, 401) } satisfies Record<string, FetchRoute>;

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const experience = overrides.experience ?? 150;
  return {
    id: "user-1",
    username: "beatmaker",
    firstName: null,
    lastName: null,
    email: "beats@example.com",
    bio: null,
    profileImageUrl: null,
    walletAddress: null,
    level: 2,
    experience,
    isAdmin: false,
    isBanned: false,
    banReason: null,
    createdAt: "2026-03-04T10:00:00.000Z",
    updatedAt: "2026-03-04T10:00:00.000Z",
    levelInfo: levelInfo(experience),
    ...overrides,
  };
}

/** Renders the whole app (providers, shell, routes) at `path`. */
export function renderApp(path = "/") {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, user, queryClient };
}

/** Renders `ui` with a fresh query client and a memory router. */
export function renderWithProviders(ui: ReactNode, path = "/") {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
