import { paths } from "@loop/rules/paths";
import { LICENCE_TERMS } from "@loop/rules/licence-terms";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { FileText } from "lucide-react";
import { type ReactNode, useEffect, useMemo } from "react";
import { Link } from "react-router";
import { LoopStatusBadges } from "@/components/loop-status-badges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { Term } from "@/components/ui/term";
import { WaveformPlayer } from "@/components/waveform-player";
import { errorStatus } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { artistName, formatDuration } from "@/lib/loop-format";
import { PlayerQueueContext, playerQueue } from "@/lib/player/player-queue";
import { useCreatorLoops } from "../api/get-creator-loops";
import { useLoop } from "../api/get-loop";
import { useSimilarLoops } from "../api/get-similar-loops";
import { isEmbeddedLoop } from "../lib/embedded-loop";
import { formatReleaseDate, loopTags } from "../lib/loop-details";
import {
  LOOP_PAGE_FRAME_CLASS,
  LOOP_PAGE_GRID_CLASS,
  LOOP_PAGE_MAIN_COLUMN_CLASS,
  LOOP_PAGE_TITLE_ID,
  LoopPageHeader,
} from "./loop-page-header";
import { RelatedLoops, relatedLoops } from "./loop-page-related";
import { LoopUnavailable } from "./loop-unavailable";

/** Who is looking at the loop, as the side that sells it needs to know. */
export interface LoopViewer {
  /** The signed-in viewer's id; null signed out. */
  viewerId: string | null;
  /** False while the viewer, or their own copy of the loop, is still loading: Buy waits. */
  viewerKnown: boolean;
}

export interface LoopPageProps {
  loopId: string;
  /**
   * The side that sells the loop (Buy, Make Offer, Download, Like, Add to collection, Share, the
   * rating): composed by the app from those features (web/src/app/loops/loop-page-actions.tsx).
   */
  renderActions: (loop: PublicLoop, viewer: LoopViewer) => ReactNode;
  /** "More from this creator" and "Similar loops" as the app's cards. */
  renderLoops: (loops: PublicLoop[]) => ReactNode;
}

/**
 * /loops/:loopId, a loop's own page (issue 36): the player, everything known of the loop (a track's
 * artist, album, release date and lyrics too), the formats and prices, Buy, Make Offer, Download,
 * Like, Add to collection, Share, the rating, the licence in brief, "More from this creator" and
 * "Similar loops". One column on a phone, two from `lg`. A loop the viewer may not see (hidden,
 * private) or that does not exist (the API's 404; a 410 would read the same) is "This loop is no
 * longer available". The first visit starts from the loop the HTML carries (a signed-out visitor's
 * copy): a signed-in member then asks for their own (their purchases, like and rating).
 */
export function LoopPage({ loopId, renderActions, renderLoops }: LoopPageProps) {
  const query = useLoop(loopId);
  const { user, isLoading: userLoading } = useUser();
  const { data: loop, refetch } = query;
  const needsViewerCopy = loop !== undefined && user !== null && isEmbeddedLoop(loop);
  useEffect(() => {
    if (needsViewerCopy) void refetch();
  }, [needsViewerCopy, refetch]);

  if (!loop) {
    if (query.isPending) return <PageSpinner label="Loading loop" />;
    const status = errorStatus(query.error);
    if (status === 404 || status === 410) return <LoopUnavailable />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <LoadError message="The loop could not be loaded." onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <LoopView
      loop={loop}
      viewer={{ viewerId: user?.id ?? null, viewerKnown: !userLoading && !needsViewerCopy }}
      renderActions={renderActions}
      renderLoops={renderLoops}
    />
  );
}

function LoopView({ loop, viewer, renderActions, renderLoops }: { loop: PublicLoop; viewer: LoopViewer } & Omit<LoopPageProps, "loopId">) {
  const creator = artistName(loop.user);
  const creatorLoops = useCreatorLoops(loop.user.id);
  const similarLoops = useSimilarLoops(loop.id);
  const related = useMemo(
    () => relatedLoops(loop.id, creatorLoops.data?.loops, similarLoops.data?.loops),
    [loop.id, creatorLoops.data, similarLoops.data],
  );
  // The player's queue from here: this loop, then the creator's others, then the similar ones.
  const queue = useMemo(() => playerQueue([loop, ...related.fromCreator, ...related.similar]), [loop, related]);
  useDocumentTitle(`${loop.title} by ${creator} · LOOP`);
  const track = loop.contentType === "track";
  const own = viewer.viewerId !== null && viewer.viewerId === loop.user.id;

  return (
    <div className={LOOP_PAGE_FRAME_CLASS}>
      <article aria-labelledby={LOOP_PAGE_TITLE_ID} className={LOOP_PAGE_GRID_CLASS}>
        <div className={LOOP_PAGE_MAIN_COLUMN_CLASS}>
          <LoopPageHeader loop={loop}>{own ? <LoopStatusBadges loop={loop} className="mt-3" /> : null}</LoopPageHeader>
          <Card className="p-4 sm:p-5">
            <PlayerQueueContext value={queue}>
              <WaveformPlayer
                loopId={loop.id}
                title={loop.title}
                previewUrl={loop.status === "ready" ? loop.audioFileUrl : null}
                peaksUrl={loop.peaksUrl}
                duration={loop.duration}
                creator={{ id: loop.user.id, name: creator }}
              />
            </PlayerQueueContext>
          </Card>
        </div>

        <section aria-label="Buy and share" className="flex flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {renderActions(loop, viewer)}
          <LicenceSummary />
        </section>

        <div className="flex min-w-0 flex-col gap-6">
          <LoopFacts loop={loop} />
          {track && loop.lyrics ? (
            <section aria-labelledby="loop-page-lyrics">
              <h2 id="loop-page-lyrics" className="mb-3 text-lg font-bold">
                Lyrics
              </h2>
              <p className="text-sm leading-relaxed whitespace-pre-line" data-testid="loop-lyrics">
                {loop.lyrics}
              </p>
            </section>
          ) : null}
        </div>
      </article>

      <RelatedLoops
        loop={loop}
        creatorName={creator}
        related={related}
        creatorQuery={creatorLoops}
        similarQuery={similarLoops}
        renderLoops={renderLoops}
      />
    </div>
  );
}

/** The loop's facts: genre, BPM, key, duration, content type, a track's artist, album and release date, tags, description. */
function LoopFacts({ loop }: { loop: PublicLoop }) {
  const track = loop.contentType === "track";
  const tags = loopTags(loop.tags);
  return (
    <section aria-labelledby="loop-page-about">
      <h2 id="loop-page-about" className="mb-3 text-lg font-bold">
        About this {track ? "track" : "loop"}
      </h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3" data-testid="loop-facts">
        <Fact label="Genre">{loop.genre.name}</Fact>
        <Fact label="BPM">{loop.bpm ?? "Unknown"}</Fact>
        <Fact label="Key">{loop.key ?? "Unknown"}</Fact>
        <Fact label="Duration">{formatDuration(loop.duration)}</Fact>
        <Fact label="Type">{track ? "Track" : "Loop"}</Fact>
        {track && loop.artistName ? <Fact label="Artist">{loop.artistName}</Fact> : null}
        {track && loop.albumName ? <Fact label="Album">{loop.albumName}</Fact> : null}
        {track && loop.releaseDate ? <Fact label="Release date">{formatReleaseDate(loop.releaseDate)}</Fact> : null}
      </dl>
      {tags.length > 0 ? (
        <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="outline">#{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {loop.description ? (
        <p className="mt-4 text-sm leading-relaxed whitespace-pre-line" data-testid="loop-description">
          {loop.description}
        </p>
      ) : null}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Term term={label} termClassName="text-xs text-muted-foreground" valueClassName="truncate font-medium">
      {children}
    </Term>
  );
}

/** The licence every purchase and free download comes with, in brief (docs/licence.md), with the full text's page. */
function LicenceSummary() {
  return (
    <Card aria-labelledby="loop-page-licence" className="p-5 sm:p-6">
      <h2 id="loop-page-licence" className="flex items-center gap-2 text-sm font-semibold">
        <FileText className="size-4 text-primary" aria-hidden />
        Licence
      </h2>
      <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-xs leading-relaxed text-muted-foreground">
        {LICENCE_TERMS.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      <Button asChild variant="link" size="sm" className="mt-2">
        <Link to={paths.licenceTerms()}>Read the full licence</Link>
      </Button>
    </Card>
  );
}

/** The tab's title while the page shows (the server's HTML has it for the first load); the previous one back after. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
