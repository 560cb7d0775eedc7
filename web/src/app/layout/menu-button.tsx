import { Menu } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { UserMenuProps } from "./user-menu";

const loadUserMenu = () => import("./user-menu");
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));

function MenuTrigger(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" size="icon" aria-label="Open menu" aria-haspopup="menu" className="rounded-full" {...props}>
      <Menu aria-hidden />
    </Button>
  );
}

/**
 * The menu button. The dropdown (Radix menu and its positioning code) loads on first use, keeping
 * it out of the landing page's initial JavaScript; hovering or focusing the button preloads it.
 */
export function MenuButton(props: Omit<UserMenuProps, "defaultOpen">) {
  const [requested, setRequested] = useState(false);
  if (!requested) {
    return (
      <MenuTrigger onPointerEnter={() => void loadUserMenu()} onFocus={() => void loadUserMenu()} onClick={() => setRequested(true)} />
    );
  }
  return (
    <Suspense fallback={<MenuTrigger aria-busy />}>
      <UserMenu {...props} defaultOpen />
    </Suspense>
  );
}
