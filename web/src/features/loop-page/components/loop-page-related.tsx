import { paths } from "@loop/rules/paths";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { UseQueryResult } from "@tanstack/react-query";
import { Sparkles, UserRound } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import { LoadError } from "@/components/ui/load-error";
import { Spinner } from "@/components/ui/spinner";
import { useNearViewport } from "@/lib/use-near-viewport";
import { CREATOR_LOOPS_SHOWN } from "../api/get-creator-loops";

export interface Related {
  /** The creator's other public loops (most popular first), without the page's loop. */
  fromCreator: PublicLoop[];
  /** The similar loops (closest first), without those already shown as the creator's. */
  similar: PublicLoop[];
}

const NONE: PublicLoop[] = [];

/** The two lists of a loop's page, each loop shown once (a card's ids are unique on the page). */
export function relatedLoops(loopId: string, creatorLoops: PublicLoop[] | undefined, similarLoops: PublicLoop[] | undefined): Related {
  const fromCreator = creatorLoops ? creatorLoops.filter((loop) => loop.id !== loopId).slice(0, CREATOR_LOOPS_SHOWN) : NONE;
  const shown = new Set(fromCreator.map((loop) => loop.id));
  const similar = similarLoops ? similarLoops.filter((loop) => loop.id !== loopId && !shown.has(loop.id)) : NONE;
  return { fromCreator, similar };
}

export interface RelatedLoopsProps {
  loop: PublicLoop;
  creatorName: string;
  related: Related;
  creatorQuery: Pick<UseQueryResult, "isPending" | "isError" | "refetch">;
  similarQuery: Pick<UseQueryResult, "isPending" | "isError" | "refetch">;
  /** The loops as the app's cards. */
  renderLoops: (loops: PublicLoop[]) => ReactNode;
}

/** "More from this creator" (left out when they have no other public loop) and "Similar loops", as cards. */
export function RelatedLoops({ loop, creatorName, related, creatorQuery, similarQuery, renderLoops }: RelatedLoopsProps) {
  const creatorDone = !creatorQuery.isPending && !creatorQuery.isError;
  return (
    <>
      {creatorDone && related.fromCreator.length === 0 ? null : (
        <RelatedSection
          id="loop-page-more"
          icon={<UserRound className="size-5 text-primary" aria-hidden />}
          title="More from this creator"
          aside={
            <Link to={paths.userProfile(loop.user.id)} className="text-sm font-medium text-violet-300 underline-offset-4 hover:underline">
              {creatorName}&apos;s profile
            </Link>
          }
        >
          <RelatedBody
            query={creatorQuery}
            loops={related.fromCreator}
            failed="The creator's other loops could not be loaded."
            empty=""
            renderLoops={renderLoops}
          />
        </RelatedSection>
      )}
      <RelatedSection id="loop-page-similar" icon={<Sparkles className="size-5 text-primary" aria-hidden />} title="Similar loops">
        <RelatedBody
          query={similarQuery}
          loops={related.similar}
          failed="Similar loops could not be loaded."
          empty="No similar loops yet: none of the same genre, tempo and key."
          renderLoops={renderLoops}
        />
      </RelatedSection>
    </>
  );
}

function RelatedSection({
  id,
  icon,
  title,
  aside,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={id} className="font-display flex items-center gap-2 text-2xl font-black tracking-tight">
          {icon}
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function RelatedBody({
  query,
  loops,
  failed,
  empty,
  renderLoops,
}: {
  query: Pick<UseQueryResult, "isPending" | "isError" | "refetch">;
  loops: PublicLoop[];
  failed: string;
  empty: string;
  renderLoops: (loops: PublicLoop[]) => ReactNode;
}) {
  // Below the loop on every screen: its cards are made only when it comes near the viewport, so the
  // page's first seconds on a phone are the loop's, not two lists' renders (Lighthouse's TBT). The
  // loops are fetched at once all the same: the player's queue goes on into them.
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholder);
  if (!near) return <div ref={placeholder} className="min-h-64" data-testid="related-loops-placeholder" />;
  if (query.isPending) return <Spinner label="Loading loops" />;
  if (query.isError) return <LoadError message={failed} onRetry={() => void query.refetch()} />;
  if (loops.length === 0)
    return <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">{empty}</p>;
  return renderLoops(loops);
}
