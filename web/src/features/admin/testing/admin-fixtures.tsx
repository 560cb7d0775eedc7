/** Test data and rendering for the admin feature (imported by tests only). */
import type { AdminStats } from "@loop/rules/schemas/admin";
import type { AdminLoop } from "@loop/rules/schemas/admin-loops";
import type { AdminUser, AdminUserList } from "@loop/rules/schemas/admin-users";
import type { PlatformSettings } from "@loop/rules/schemas/platform-settings";
import type { AdminWithdrawal } from "@loop/rules/schemas/withdrawals";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { ToasterHost } from "@/components/toaster-host";
import { createQueryClient } from "@/lib/query-client";

export const ADMIN_ID = "00000000-0000-4000-8000-000000000001";
export const USER_ID = "00000000-0000-4000-8000-000000000002";

export function makeStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    totalUsers: 1234,
    totalLoops: 56,
    activeUsers: 78,
    totalRevenue: "4321.50",
    platformEarnings: "2500.00000000",
    availableWithdrawal: "1000.00000000",
    onChainVaultReserve: "1000.00000000",
    ...overrides,
  };
}

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: USER_ID,
    username: "beatmaker",
    firstName: null,
    lastName: null,
    email: "beats@example.com",
    walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
    profileImageUrl: null,
    isAdmin: false,
    isBanned: false,
    banReason: null,
    level: 3,
    experience: 250,
    totalEarned: "120.50000000",
    totalSpent: "40.00000000",
    warnings: 0,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export function userList(users: AdminUser[], total = users.length): AdminUserList {
  return {
    users,
    total,
    counts: {
      active: users.filter((user) => !user.isBanned).length,
      banned: users.filter((user) => user.isBanned).length,
      admins: users.filter((user) => user.isAdmin).length,
    },
  };
}

export function makeAdminLoop(overrides: Partial<AdminLoop> = {}): AdminLoop {
  return {
    id: "00000000-0000-4000-8000-0000000000a1",
    title: "Deep Night",
    contentType: "loop",
    isPublic: true,
    status: "ready",
    hiddenReason: null,
    price: "4.99",
    isFree: false,
    downloadCount: 12,
    purchaseCount: 3,
    creator: { id: USER_ID, username: "beatmaker", firstName: null, email: "beats@example.com" },
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export function makeAdminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: "00000000-0000-4000-8000-0000000000b1",
    userId: USER_ID,
    username: "beatmaker",
    amount: "100.00000000",
    usdAmount: "0.20",
    netUsdAmount: "0.20",
    payoutInProgress: false,
    payoutError: null,
    method: "crypto_eth",
    destination: "0x52908400098527886E0F7030069857D2E4169EE7",
    status: "pending",
    transactionId: null,
    failureReason: null,
    createdAt: "2026-11-21T10:00:00.000Z",
    processedAt: null,
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<PlatformSettings> = {}): PlatformSettings {
  return {
    formatFeeBps: { mp3: 200, wav: 400 },
    minWithdrawal: "10.00000000",
    offerExpiryHours: 168,
    disputeWindowSeconds: 0,
    fiatHoldDays: 7,
    uploadsPerHour: 20,
    uploadQuotaMb: 2048,
    supportEmail: "support@loop.local",
    updatedAt: "2026-11-20T10:00:00.000Z",
    updatedBy: null,
    ...overrides,
  };
}

/** Renders `ui` with a fresh query client, a memory router and the toaster. */
export function renderAdmin(ui: ReactNode) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
      <ToasterHost />
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

/** The JSON body a fetch call sent. */
export function sentBody(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

/** The calls of a fetch mock to `method` `path` (the path without the query). */
export function callsTo(fetchMock: { mock: { calls: unknown[][] } }, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => {
    const text = String(url).replace(/^https?:\/\/[^/]+/, "");
    return text.split("?")[0] === path && ((init as RequestInit | undefined)?.method ?? "GET").toUpperCase() === method;
  }) as [string, RequestInit | undefined][];
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export type AdminRoute = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/**
 * Stubs `fetch` at the network boundary: `routes` maps "METHOD /path" (query left out; the handler
 * gets the URL) to a response. Unknown calls answer 404.
 */
export function stubAdminApi(routes: Record<string, AdminRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const route = routes[`${method} ${url.pathname}`];
    return route ? route(init, url) : json({ message: "Not found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
