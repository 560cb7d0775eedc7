import { paths } from "@loop/rules/paths";
import { Suspense, useCallback } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { logout } from "@/features/auth/api/logout";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { useUser } from "@/lib/auth";
import { fullPageNavigate, LOGOUT_URL } from "@/lib/navigation";
import { getLoadedWalletControls } from "@/lib/wallet/wallet-store";
import { TopBar } from "./top-bar";

/**
 * Disconnects a connected wallet (so it does not reconnect signed out), POSTs the logout and
 * reloads at `/`. Should the POST fail, /api/logout's own page offers the button.
 */
async function logoutAndReload(): Promise<void> {
  const controls = getLoadedWalletControls();
  if (controls) {
    await Promise.race([controls.disconnect().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1500))]);
  }
  try {
    await logout();
  } catch {
    fullPageNavigate(LOGOUT_URL);
    return;
  }
  fullPageNavigate(paths.root());
}

export function AppShell() {
  const { user, isLoading } = useUser();
  const { openJoin } = useJoinDialog();
  const onLogout = useCallback(() => void logoutAndReload(), []);
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
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
