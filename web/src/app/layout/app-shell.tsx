import { paths } from "@loop/rules/paths";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useLayoutEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ErrorBoundary } from "@/components/error-boundary";
import { PageSpinner } from "@/components/ui/spinner";
import { logout } from "@/features/auth/api/logout";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { useUser } from "@/lib/auth";
import { fullPageNavigate, LOGOUT_URL } from "@/lib/navigation";
import { notePaintAfterNextFrame, useFirstPaintDone } from "@/lib/first-paint";
import { getLoadedWalletControls } from "@/lib/wallet/wallet-store";
import { TopBar } from "./top-bar";

/** The player bar's mount (and the player's state): a small chunk of its own, not in the landing page's JavaScript. */
const PlayerBarHost = lazy(() => import("./player-bar-host").then((m) => ({ default: m.PlayerBarHost })));

/**
 * Disconnects a connected wallet (so it does not reconnect signed out), POSTs the logout and
 * reloads at `/`. Should the POST fail, /api/logout's own page offers the button.
 */
async function logoutAndReload(queryClient: QueryClient): Promise<void> {
  const controls = getLoadedWalletControls();
  if (controls) {
    await Promise.race([controls.disconnect().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1500))]);
  }
  try {
    await logout(queryClient);
  } catch {
    fullPageNavigate(LOGOUT_URL);
    return;
  }
  fullPageNavigate(paths.root());
}

export function AppShell() {
  const { user, isLoading } = useUser();
  const { openJoin } = useJoinDialog();
  const queryClient = useQueryClient();
  const onLogout = useCallback(() => void logoutAndReload(queryClient), [queryClient]);
  const { pathname } = useLocation();
  // The shell's first commit holds the first screen: lazily loaded code waits until it is painted.
  useLayoutEffect(notePaintAfterNextFrame, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar user={user} isLoading={isLoading} onJoin={openJoin} onLogout={onLogout} />
      <main id="main" className="flex flex-1 flex-col">
        {/* Each page's error boundary (issue 36): a page that fails shows the error page under the top bar; another path starts afresh. */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {/* The player bar fails on its own: the page above it goes on (the error is reported). */}
      <ErrorBoundary fallback={null}>
        <PlayerBarSlot />
      </ErrorBoundary>
    </div>
  );
}

/**
 * The player bar once the first screen is painted. Its own component: the first paint re-renders
 * this slot only, not the shell and its top bar (a synchronous render, on a phone a long task).
 */
function PlayerBarSlot() {
  const painted = useFirstPaintDone();
  return <Suspense fallback={null}>{painted ? <PlayerBarHost /> : null}</Suspense>;
}
