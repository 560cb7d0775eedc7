import type { CurrentUser } from "@loop/rules/api-types";
import { paths } from "@loop/rules/paths";
import {
  BarChart3,
  BellPlus,
  Coins,
  Handshake,
  Library,
  LogIn,
  LogOut,
  Menu,
  Settings,
  ShieldCheck,
  TrendingUp,
  UserRound,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuShell } from "@/components/ui/dropdown-menu";
import { CreateNotificationDialog } from "@/features/notifications/components/create-notification-dialog";
import { displayName } from "@/lib/auth";
import { shortAddress } from "@/lib/format";

export interface UserMenuProps {
  user: CurrentUser | null;
  onJoin: () => void;
  onLogout: () => void;
  /** Open on mount (the menu code is loaded on the first click, see menu-button.tsx). */
  defaultOpen?: boolean;
}

/** The main menu (Radix dropdown). Entries for pages that do not exist yet are added with those pages. */
export function UserMenu({ user, onJoin, onLogout, defaultOpen }: UserMenuProps) {
  const name = user ? (displayName(user) ?? (user.walletAddress ? shortAddress(user.walletAddress) : "Your account")) : null;
  const [creatingNotification, setCreatingNotification] = useState(false);
  return (
    <>
      <DropdownMenuShell
        modal={false}
        defaultOpen={defaultOpen}
        trigger={
          <Button variant="outline" size="icon" aria-label="Open menu" className="rounded-full">
            <Menu aria-hidden />
          </Button>
        }
      >
        {user ? (
          <>
            <DropdownMenuLabel className="truncate">Signed in as {name}</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <PageLinks />
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to={paths.profile()}>
                <UserRound aria-hidden />
                Profile
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.library()}>
                <Library aria-hidden />
                Library
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.analytics()}>
                <BarChart3 aria-hidden />
                Analytics
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.settings()}>
                <Settings aria-hidden />
                Settings
              </Link>
            </DropdownMenuItem>
            {user.isAdmin ? (
              <DropdownMenuItem asChild>
                <Link to={paths.admin()}>
                  <ShieldCheck aria-hidden />
                  Admin Panel
                </Link>
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem onSelect={() => setCreatingNotification(true)}>
              <BellPlus aria-hidden />
              Create Notification
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onLogout}>
              <LogOut aria-hidden />
              Logout
            </DropdownMenuItem>
          </>
        ) : (
          <>
            <PageLinks />
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onJoin}>
              <LogIn aria-hidden />
              Sign Up / Login
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuShell>
      {user ? <CreateNotificationDialog open={creatingNotification} onOpenChange={setCreatingNotification} /> : null}
    </>
  );
}

/** The pages listed for visitors and members alike. */
function PageLinks() {
  return (
    <>
      <DropdownMenuItem asChild>
        <Link to={paths.tokens()}>
          <Coins aria-hidden />
          Buy LOOP Tokens
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={paths.negotiations()}>
          <Handshake aria-hidden />
          Negotiations
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={paths.level()}>
          <TrendingUp aria-hidden />
          Level Progress
        </Link>
      </DropdownMenuItem>
    </>
  );
}
