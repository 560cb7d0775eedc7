import { lazy, Suspense } from "react";
import { BrandMark } from "@/components/brand";
import { useFirstPaintDone } from "@/lib/first-paint";
import { usePublicStats } from "../api/get-public-stats";
import { CompetitionCta } from "./competition-cta";
import { FeatureCards } from "./feature-cards";
import { Hero } from "./hero";
import { StatsSection } from "./stats-section";
import { TokenBenefits } from "./token-benefits";

/** Below the first screen, with the level table its badges need: loaded after the page (the first page's JavaScript budget). */
const Leaderboard = lazy(() => import("./leaderboard").then((m) => ({ default: m.Leaderboard })));

/**
 * The logged-out landing page. Every call-to-action calls `onJoin` (the Join dialog). Below the hero,
 * every section is `render-when-visible` (index.css): a phone lays out only its first screen.
 */
export function LandingPage({ onJoin }: { onJoin: () => void }) {
  return (
    <>
      <Hero onJoin={onJoin} />
      <TokenBenefits />
      <FeatureCards onJoin={onJoin} />
      <PlatformFigures />
      <CompetitionCta onJoin={onJoin} />
      <footer className="render-when-visible border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:px-6">
          <span className="inline-flex items-center gap-2">
            <BrandMark className="size-6 rounded-md" />
            LOOP — the music loop marketplace
          </span>
          <span>500 LOOP = $1.00</span>
        </div>
      </footer>
    </>
  );
}

/**
 * The live figures and the leaderboard, with the one query they share: its answer re-renders these
 * two, not the whole page (a synchronous render on a phone, after the first screen).
 */
function PlatformFigures() {
  // Below the first screen: asked for once that screen is painted, in a task of its own rather than
  // in the first render's effects (lib/first-paint.ts).
  const stats = usePublicStats({ enabled: useFirstPaintDone() });
  return (
    <>
      <StatsSection stats={stats.data} isLoading={stats.isPending} isError={stats.isError} onRetry={() => void stats.refetch()} />
      <Suspense fallback={<div className="render-when-visible min-h-96" aria-hidden />}>
        <Leaderboard entries={stats.data?.leaderboard} isLoading={stats.isPending} isError={stats.isError} />
      </Suspense>
    </>
  );
}
