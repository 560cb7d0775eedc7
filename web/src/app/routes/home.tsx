import type { CurrentUser } from "@loop/rules/api-types";
import { paths } from "@loop/rules/paths";
import { Coins, LogIn, UsersRound } from "lucide-react";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { PageSpinner } from "@/components/ui/spinner";
import { TabList, TabPanel } from "@/components/ui/tab-list";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { FollowingLoops } from "@/features/catalog/components/following-loops";
import { LoopBrowser } from "@/features/catalog/components/loop-browser";
import { HomeHero } from "@/features/home/components/home-page";
import { BalanceBanner } from "@/features/tokens/components/balance-banner";
import { UploadButton } from "@/features/upload/components/upload-button";
import { useUser } from "@/lib/auth";
import { useRenderLoopCard } from "../loops/loop-card";
import { BROWSE_ID, HOME_FRAME_CLASS, scrollToBrowse, VisitorJoinButton } from "./home-loading";

export type HomeTab = "all" | "following";

const HOME_TABS = [
  { id: "all", label: "All loops" },
  { id: "following", label: "Following" },
] as const;

/**
 * /home (and / when signed in): the hero and the catalog browser. Visitors may browse and preview
 * too (docs/product.md#visitors); downloads ask them to log in. Members get two tabs: "All loops" and
 * "Following" (/home/following: new loops of the creators they follow, docs/product.md#follows).
 */
export function HomeRoute({ tab = "all" }: { tab?: HomeTab }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  return <HomeScreen user={user} tab={tab} />;
}

export function HomeScreen({ user, tab = "all" }: { user: CurrentUser | null; tab?: HomeTab }) {
  const { openJoin } = useJoinDialog();
  const navigate = useNavigate();
  // Each visit of /home/following (the bell's "Listen" too, from the same page) asks the server again.
  const { key: visit } = useLocation();
  const showTab = useCallback((next: HomeTab) => void navigate(next === "following" ? paths.homeFollowing() : paths.home()), [navigate]);
  const following = user !== null && tab === "following";
  const startBrowsing = useCallback(() => {
    if (following) showTab("all");
    else scrollToBrowse();
  }, [following, showTab]);
  const renderCard = useRenderLoopCard(openJoin);
  const browser = <LoopBrowser id={BROWSE_ID} className="scroll-mt-20 outline-none" renderCard={renderCard} />;
  return (
    <div className={HOME_FRAME_CLASS}>
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
            <VisitorJoinButton />
          )
        }
      />
      {user ? (
        <div className="mt-6">
          <BalanceBanner user={user} />
        </div>
      ) : null}
      {user ? (
        <div className="mt-10">
          <TabList tabs={HOME_TABS} value={following ? "following" : "all"} onChange={showTab} idPrefix="home" label="Home" />
          <TabPanel idPrefix="home" value={following ? "following" : "all"}>
            {following ? <FollowingLoops key={visit} renderCard={renderCard} onBrowseAll={() => showTab("all")} /> : browser}
          </TabPanel>
        </div>
      ) : (
        <div className="mt-10">
          {tab === "following" ? (
            <div className="mb-8 flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-6 sm:flex-row sm:items-center">
              <UsersRound className="size-8 shrink-0 text-muted-foreground" aria-hidden />
              <p className="flex-1 text-sm text-muted-foreground">Sign in to follow creators and see their new loops here, newest first.</p>
              <Button onClick={openJoin}>
                <LogIn aria-hidden />
                Sign in
              </Button>
            </div>
          ) : null}
          {browser}
        </div>
      )}
    </div>
  );
}
