import type { CurrentUser } from "@loop/rules/api-types";
import { paths } from "@loop/rules/paths";
import { Coins, LogIn } from "lucide-react";
import { useCallback } from "react";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { HomeHero } from "@/features/home/components/home-page";
import { LoopBrowser } from "@/features/loops/components/loop-browser";
import { BalanceBanner } from "@/features/tokens/components/balance-banner";
import { UploadButton } from "@/features/upload/components/upload-button";
import { useUser } from "@/lib/auth";
import { LinkButton } from "@/components/ui/link-button";

const BROWSE_ID = "browse";

/**
 * /home (and / when signed in): the hero and the catalog browser. Visitors may browse and preview
 * too (docs/product.md#visitors); downloads ask them to log in.
 */
export function HomeRoute() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  return <HomeScreen user={user} />;
}

export function HomeScreen({ user }: { user: CurrentUser | null }) {
  const { openJoin } = useJoinDialog();
  const startBrowsing = useCallback(() => {
    const target = document.getElementById(BROWSE_ID);
    target?.scrollIntoView({ behavior: "smooth", block: "start" });
    target?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <HomeHero
        user={user}
        onStartBrowsing={startBrowsing}
        actions={
          user ? (
            <>
              <LinkButton to={paths.tokens()} icon={Coins} size="lg" variant="outline">
                Buy LOOP Tokens
              </LinkButton>
              <UploadButton signedIn onSignInRequired={openJoin} label="Upload Your Loops" size="lg" />
            </>
          ) : (
            <Button size="lg" variant="outline" onClick={openJoin}>
              <LogIn aria-hidden />
              Sign Up / Login
            </Button>
          )
        }
      />
      {user ? (
        <div className="mt-6">
          <BalanceBanner user={user} />
        </div>
      ) : null}
      <LoopBrowser id={BROWSE_ID} className="mt-10 scroll-mt-20 outline-none" onSignInRequired={openJoin} />
    </div>
  );
}
