import type { CurrentUser } from "@loop/rules/api-types";
import { paths } from "@loop/rules/paths";
import { Bell, LogIn, LogOut, Search } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { SearchBox } from "@/features/search/components/search-box";
import { UploadButton } from "@/features/upload/components/upload-button";
import { useMediaQuery } from "@/lib/use-media-query";
import { useWalletState } from "@/lib/wallet/wallet-store";
import { MenuButton } from "./menu-button";

/** Where the search box shows in the bar (`md`); narrower screens get the link to the search page. */
const SEARCH_BOX_QUERY = "(min-width: 768px)";

/**
 * Only for a signed-in member: its code (the Radix popover, the notification schemas) stays out of
 * the landing page's JavaScript.
 */
const NotificationBell = lazy(() =>
  import("@/features/notifications/components/notification-bell").then((m) => ({ default: m.NotificationBell })),
);

/** Only for a signed-in member (the badge alone shows while its button loads). */
const LevelBadgeButton = lazy(() => import("./level-badge-button").then((m) => ({ default: m.LevelBadgeButton })));

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
  // The box only where it shows: a phone does not build a hidden one (and its query observer) in
  // every page's first render.
  const searchBox = useMediaQuery(SEARCH_BOX_QUERY, true);
  return (
    <header className="glass sticky top-0 z-40 border-b border-border/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Brand />
        {searchBox ? <SearchBox className="mx-2 hidden max-w-md flex-1 md:block lg:mx-6" /> : null}
        <nav aria-label="Account" className="ml-auto flex items-center gap-2 sm:gap-3">
          <Button asChild variant="ghost" size="icon-sm" className="md:hidden">
            <Link to={paths.search()} aria-label="Search">
              <Search aria-hidden />
            </Link>
          </Button>
          <UploadButton
            signedIn={user !== null}
            onSignInRequired={onJoin}
            className={isLoading ? "pointer-events-none opacity-60" : undefined}
          />
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
              {user.isBanned ? null : (
                <Suspense fallback={<BellPlaceholder />}>
                  <NotificationBell />
                </Suspense>
              )}
              {/* The badge's own size while it loads: the level table stays out of the first page's JavaScript. */}
              <Suspense fallback={<Skeleton className="h-8 w-14 rounded-full" />}>
                <LevelBadgeButton info={user.levelInfo} />
              </Suspense>
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

/** The bell's look while its code loads (not a button yet, so no click is lost on it). */
function BellPlaceholder() {
  return (
    <span aria-hidden className="inline-flex size-8 shrink-0 items-center justify-center text-muted-foreground [&_svg]:size-4">
      <Bell />
    </span>
  );
}
