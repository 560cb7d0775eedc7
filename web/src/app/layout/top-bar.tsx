import type { CurrentUser } from "@loop/rules/api-types";
import { LogIn, LogOut, Search } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { SearchBox } from "@/features/search/components/search-box";
import { UploadButton } from "@/features/upload/components/upload-button";
import { useWalletState } from "@/lib/wallet/wallet-store";
import { LevelBadgeButton } from "./level-badge-button";
import { MenuButton } from "./menu-button";

/** Only shown once the wallet stack is loading or loaded, so it loads with it. */
const ConnectedWallet = lazy(() => import("@/components/connected-wallet").then((m) => ({ default: m.ConnectedWallet })));

export interface TopBarProps {
  user: CurrentUser | null;
  isLoading: boolean;
  onJoin: () => void;
  onLogout: () => void;
}

export function TopBar({ user, isLoading, onJoin, onLogout }: TopBarProps) {
  const { phase } = useWalletState();
  return (
    <header className="glass sticky top-0 z-40 border-b border-border/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Brand />
        <SearchBox className="mx-2 hidden max-w-md flex-1 md:block lg:mx-6" />
        <nav aria-label="Account" className="ml-auto flex items-center gap-2 sm:gap-3">
          <Button asChild variant="ghost" size="icon-sm" className="md:hidden">
            <Link to="/search" aria-label="Search">
              <Search aria-hidden />
            </Link>
          </Button>
          <UploadButton signedIn={user !== null} onSignInRequired={onJoin} className={isLoading ? "pointer-events-none opacity-60" : undefined} />
          {phase === "idle" ? null : (
            <Suspense fallback={null}>
              <ConnectedWallet />
            </Suspense>
          )}
          {isLoading ? (
            <Skeleton className="h-9 w-24 rounded-full" />
          ) : user ? (
            <>
              {/* A banned account is refused every call but GET /api/auth/user: no bell to poll. */}
              {user.isBanned ? null : <NotificationBell />}
              <LevelBadgeButton info={user.levelInfo} />
              <MenuButton user={user} onJoin={onJoin} onLogout={onLogout} />
              <Button variant="ghost" size="sm" className="hidden h-9 sm:inline-flex" onClick={onLogout}>
                <LogOut aria-hidden />
                Logout
              </Button>
            </>
          ) : (
            <>
              <MenuButton user={null} onJoin={onJoin} onLogout={onLogout} />
              <Button size="sm" className="h-9" onClick={onJoin}>
                <LogIn aria-hidden />
                Login
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
