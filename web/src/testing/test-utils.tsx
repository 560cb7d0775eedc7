import type { CurrentUser } from "@loop/rules/api-types";
import { levelInfo } from "@loop/rules/levels";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import { ToasterHost } from "@/components/toaster-host";
import { createQueryClient } from "@/lib/query-client";

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
  return renderInRouter(ui, path, null);
}

/** Renders `ui` with a fresh query client, a memory router and the toaster (as the app mounts it). */
export function renderWithToasts(ui: ReactNode, path = "/") {
  return renderInRouter(ui, path, <ToasterHost />);
}

function renderInRouter(ui: ReactNode, path: string, beside: ReactNode) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      {beside}
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
