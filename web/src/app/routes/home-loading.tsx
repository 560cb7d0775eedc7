import { LogIn } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useJoinDialog } from "@/features/auth/components/join-dialog-context";
import { VisitorHomeHero } from "@/features/home/components/visitor-home-hero";
import { useUser } from "@/lib/auth";

/** Home's frame: one box for the loading state and the page, so nothing moves when the catalog arrives. */
export const HOME_FRAME_CLASS = "mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10";

/** The catalog's anchor on Home ('Start Browsing' scrolls to it). */
export const BROWSE_ID = "browse";

/** 'Start Browsing' on the catalog tab: brings the catalog into view and moves the focus there. */
export function scrollToBrowse() {
  const target = document.getElementById(BROWSE_ID);
  target?.scrollIntoView({ behavior: "smooth", block: "start" });
  target?.focus({ preventScroll: true });
}

/** The visitor's second call to action in Home's hero. */
export function VisitorJoinButton() {
  const { openJoin } = useJoinDialog();
  return (
    <Button size="lg" variant="outline" onClick={openJoin}>
      <LogIn aria-hidden />
      Sign Up / Login
    </Button>
  );
}

/**
 * /home while its code loads (the route is lazy): a visitor sees the page's hero at once, as the
 * page will show it, with the catalog's spinner below. On a phone the hero is the largest thing on
 * the first screen, so the page's largest paint no longer waits for the catalog's forty files
 * (Lighthouse mobile: docs/decisions.md#the-first-screen-before-the-pages-code-session-49). A member's hero needs
 * their account, so a member sees the spinner as before.
 */
export function HomeLoading() {
  const { user, isLoading } = useUser();
  if (isLoading || user) return <PageSpinner />;
  return (
    <div className={HOME_FRAME_CLASS}>
      <VisitorHomeHero onStartBrowsing={scrollToBrowse} actions={<VisitorJoinButton />} />
      <div className="mt-10">
        <PageSpinner />
      </div>
    </div>
  );
}
