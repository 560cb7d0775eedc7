import { paths } from "@loop/rules/paths";
import type { LibraryEntry } from "@loop/rules/schemas/library";
import { licencePdfPath } from "@loop/rules/schemas/licences";
import { BadgeCheck, Download, FileDown, Mail, Music, Pause, Play, Receipt, ShieldAlert, Undo2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { splitMessageTitle } from "@/components/ui/form-alert";
import { LoopAmount } from "@/components/ui/loop-amount";
import { PendingButton } from "@/components/ui/pending-button";
import { Term } from "@/components/ui/term";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { fullPageNavigate } from "@/lib/navigation";
import { playQueue, togglePlay } from "@/lib/player/player";
import { currentTrack, type PlayerTrack, usePlayer } from "@/lib/player/player-store";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast, type ToastInput } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useDownloadLink } from "@/lib/get-download-link";
import { useSendLibraryReceipt } from "../api/send-library-receipt";
import { paymentText, sellerName } from "../lib/library-entry-text";

export const LIBRARY_TOASTS = {
  downloadStarted: (filename: string): ToastInput => ({ title: "Download Started", description: filename, variant: "success" }),
  downloadFailed: (message: string): ToastInput => ({ title: "Download Failed", description: message, variant: "destructive" }),
  receiptSent: (sentTo: string): ToastInput => ({ title: `Receipt sent to ${sentTo}`, variant: "success" }),
  /** The API's "Title: text" message as the toast's title and text. */
  receiptFailed: (message: string): ToastInput => {
    const { title, text } = splitMessageTitle(message);
    return { title: title ?? "Receipt Not Sent", description: text, variant: "destructive" };
  },
} as const;

/** The entry's loop as the player plays it; null without a preview. */
export function libraryTrack(entry: LibraryEntry): PlayerTrack | null {
  const { loop } = entry;
  if (!loop.audioFileUrl) return null;
  return {
    id: loop.id,
    title: loop.title,
    creator: { id: entry.seller.id, name: sellerName(entry.seller) },
    previewUrl: loop.audioFileUrl,
    peaksUrl: loop.peaksUrl,
    duration: loop.duration,
  };
}

/** The playable loops of the page, in its order, each once (a loop bought in two formats has two entries). */
export function libraryQueue(entries: readonly LibraryEntry[]): PlayerTrack[] {
  const seen = new Set<string>();
  return entries.flatMap((entry) => {
    const track = libraryTrack(entry);
    if (!track || seen.has(track.id)) return [];
    seen.add(track.id);
    return [track];
  });
}

export interface LibraryEntryCardProps {
  entry: LibraryEntry;
  /** The page's playable loops: play here queues them, Next and Previous move through them. */
  queue: readonly PlayerTrack[];
  /** The entry an e-mail linked to, shown first. */
  highlighted?: boolean;
}

/**
 * One purchase or free download of the library: play its preview, the loop (linked while listed) and
 * its seller, the format, date, payment and licence, and what its owner can do with it (download
 * again, the licence page and PDF, the receipt again). A refunded purchase says why and offers no
 * download; its licence is revoked.
 */
export function LibraryEntryCard({ entry, queue, highlighted = false }: LibraryEntryCardProps) {
  const titleId = useId();
  const { loop } = entry;
  const refunded = entry.refund !== null;
  const revoked = refunded || entry.licence.status === "revoked";
  const format = entry.format.toUpperCase();
  const label = `${loop.title} (${format})`;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="library-entry"
      className={cn(
        "rounded-xl border bg-card/80 p-4 shadow-xl shadow-black/20 sm:p-5",
        highlighted ? "border-primary ring-2 ring-primary/40" : "border-border",
      )}
    >
      {highlighted ? (
        <p className="mb-3 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-violet-200 uppercase">
          <Mail className="size-3.5" aria-hidden />
          From your e-mail
        </p>
      ) : null}
      <div className="flex items-start gap-3 sm:gap-4">
        <PlayButton entry={entry} queue={queue} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 id={titleId} className="min-w-0 text-base font-bold break-words sm:text-lg">
              {loop.listed ? (
                <Link to={paths.loop(loop.id)} className="hover:text-primary hover:underline">
                  {loop.title}
                </Link>
              ) : (
                loop.title
              )}
            </h2>
            {loop.listed ? null : <Badge variant="outline">No longer listed</Badge>}
            {refunded ? (
              <Badge variant="destructive">
                <Undo2 aria-hidden />
                Refunded
              </Badge>
            ) : null}
          </div>
          {loop.titleAtPurchase !== loop.title ? (
            <p className="text-xs break-words text-muted-foreground">
              {entry.kind === "free" ? "Downloaded" : "Bought"} as “{loop.titleAtPurchase}”
            </p>
          ) : null}
          <p className="mt-0.5 text-sm text-muted-foreground">
            by{" "}
            <Link
              to={paths.userProfile(entry.seller.id)}
              className="font-semibold break-words text-foreground hover:text-primary hover:underline"
            >
              {sellerName(entry.seller)}
            </Link>
          </p>

          <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm">
            <Fact label="Format">{format}</Fact>
            <Fact label={entry.kind === "free" ? "Downloaded" : "Bought"}>
              <time dateTime={entry.acquiredAt}>{formatDateTime(entry.acquiredAt)}</time>
            </Fact>
            <Fact label="Paid with">{paymentText(entry)}</Fact>
            {entry.kind === "purchase" ? (
              <Fact label="Total">
                ${entry.total}
                {entry.loopAmount ? (
                  <>
                    {" "}
                    (<LoopAmount value={entry.loopAmount} />)
                  </>
                ) : null}
              </Fact>
            ) : null}
            <Fact label="Licence">
              {revoked ? (
                <span className="inline-flex items-center gap-1 text-rose-200">
                  <ShieldAlert className="size-3.5" aria-hidden />
                  Revoked
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-emerald-200">
                  <BadgeCheck className="size-3.5" aria-hidden />
                  Valid
                </span>
              )}
            </Fact>
          </dl>

          {entry.refund ? (
            <p
              className="mt-3 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-rose-100"
              data-testid="refund-note"
            >
              {entry.refund.message} <span className="text-rose-200/80">({formatDate(entry.refund.at)})</span>
            </p>
          ) : null}
        </div>
      </div>
      {/* Under the play button on a phone (the whole width for the buttons), beside it from sm. */}
      <div className="mt-4 flex flex-wrap gap-2 sm:pl-14">
        {entry.canDownload && !refunded ? <DownloadAgainButton entry={entry} label={label} /> : null}
        <Button asChild size="sm" variant="outline">
          <Link to={entry.licence.url}>
            <BadgeCheck aria-hidden />
            View licence <span className="sr-only">of {label}</span>
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={licencePdfPath(entry.licence.id)} download>
            <FileDown aria-hidden />
            Licence PDF <span className="sr-only">of {label}</span>
          </a>
        </Button>
        {entry.kind === "purchase" && !refunded ? <ReceiptButton entryId={entry.id} label={label} /> : null}
      </div>
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Term
      term={label}
      className="flex min-w-0 gap-1.5"
      termClassName="whitespace-nowrap text-muted-foreground"
      valueClassName="min-w-0 font-medium break-words"
    >
      {children}
    </Term>
  );
}

/** Plays the entry's preview in the app's player (queued with the page's other loops); a still box without one. */
function PlayButton({ entry, queue }: { entry: LibraryEntry; queue: readonly PlayerTrack[] }) {
  const loopId = entry.loop.id;
  const current = usePlayer((state) => currentTrack(state)?.id === loopId);
  const playing = usePlayer((state) => state.playing && currentTrack(state)?.id === loopId);
  const track = libraryTrack(entry);
  if (!track) {
    return (
      <div className="flex size-10 shrink-0 items-center justify-center rounded-full border border-dashed border-border text-muted-foreground">
        <Music className="size-4" aria-hidden />
      </div>
    );
  }
  const toggle = () => {
    if (current) {
      togglePlay();
      return;
    }
    const index = queue.findIndex((candidate) => candidate.id === loopId);
    if (index >= 0) playQueue(queue, index);
    else playQueue([track], 0);
  };
  return (
    <Button
      size="icon"
      className="size-10 shrink-0 rounded-full"
      onClick={toggle}
      aria-label={playing ? `Pause preview of ${entry.loop.title}` : `Play preview of ${entry.loop.title}`}
    >
      {playing ? <Pause aria-hidden /> : <Play aria-hidden className="translate-x-px" />}
    </Button>
  );
}

/**
 * Asks for a fresh signed link to the file in the format owned and opens it (an attachment: the page
 * stays). A 401 (session gone) sends the member to log in again.
 */
function DownloadAgainButton({ entry, label }: { entry: LibraryEntry; label: string }) {
  const link = useDownloadLink();
  const start = () =>
    link.mutate(
      { loopId: entry.loop.id, format: entry.format },
      {
        onSuccess: ({ downloadUrl, filename }) => {
          toast(LIBRARY_TOASTS.downloadStarted(filename));
          fullPageNavigate(downloadUrl);
        },
        onError: (error) => {
          if (errorStatus(error) === 401) {
            redirectToLoginAfterUnauthorized();
            return;
          }
          toast(LIBRARY_TOASTS.downloadFailed(getServerMessage(error, "Failed to download this loop. Please try again.")));
        },
      },
    );
  return (
    <PendingButton size="sm" onClick={start} pending={link.isPending} icon={Download}>
      Download again <span className="sr-only">{label}</span>
    </PendingButton>
  );
}

/** E-mails the purchase's receipt again (to the member's address). */
function ReceiptButton({ entryId, label }: { entryId: string; label: string }) {
  const receipt = useSendLibraryReceipt();
  const send = () =>
    receipt.mutate(entryId, {
      onSuccess: ({ sentTo }) => toast(LIBRARY_TOASTS.receiptSent(sentTo)),
      onError: (error) => toast(LIBRARY_TOASTS.receiptFailed(getServerMessage(error, "The receipt could not be sent. Please try again."))),
    });
  return (
    <PendingButton size="sm" variant="outline" onClick={send} pending={receipt.isPending} icon={Receipt}>
      E-mail receipt <span className="sr-only">for {label}</span>
    </PendingButton>
  );
}
