import { paths } from "@loop/rules/paths";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { Clock, Gauge, Music2, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LoopStatusBadges } from "@/components/loop-status-badges";
import { Badge } from "@/components/ui/badge";
import { WaveformPlayer } from "@/components/waveform-player";
import { artistName, formatDuration, formatLoopPrice, formatRating } from "@/lib/loop-format";
import { cn } from "@/lib/utils";

export type LoopLayout = "grid" | "list";

/** What the app puts on a card: the other features' parts (the catalog only lays them out). */
export interface LoopCardSlots {
  /** Beside the artist: the heart, and "Add to collection" for members. */
  social?: ReactNode;
  /** Beside the price (they wrap): Download, Make Offer, Buy; nothing when there is none. */
  actions?: ReactNode;
  /** Under them: the stars for a viewer who may rate, the dialogs the actions open. */
  footer?: ReactNode;
}

export interface LoopCardViewProps extends LoopCardSlots {
  loop: PublicLoop;
  layout?: LoopLayout;
  /** The viewer is its creator: the card shows the loop's state (processing, failed, hidden, private). */
  own: boolean;
  /** The average rating and how many (the loop's, or what the viewer's rating made them). */
  rating: { average: number | null; total: number };
}

/** How a list shows each of its loops: the app's card, composed in web/src/app/loops/loop-card.tsx. */
export type RenderLoopCard = (loop: PublicLoop, layout: LoopLayout) => ReactNode;

/**
 * The loop card (docs/product.md#loop-card): title (a link to the loop's page), 'by' the artist,
 * genre, m:ss, BPM, key, price, average rating, the preview player and, for the owner, the loop's
 * state. What a viewer may do with the loop (like, collect, download, buy, offer, rate) comes from
 * the app as slots.
 */
export function LoopCardView({ loop, layout = "grid", own, rating, social, actions, footer }: LoopCardViewProps) {
  const ready = loop.status === "ready";
  const list = layout === "list";
  return (
    <article
      aria-labelledby={`loop-${loop.id}-title`}
      className={cn(
        "group flex h-full rounded-xl border border-border bg-card/80 p-4 shadow-lg shadow-black/20 transition-colors hover:border-primary/50",
        list ? "flex-col gap-3 md:flex-row md:items-center md:gap-5" : "flex-col gap-3",
      )}
    >
      <div className={cn("min-w-0", list && "md:w-60 md:shrink-0")}>
        <div className="flex items-start justify-between gap-2">
          <h3 id={`loop-${loop.id}-title`} className="truncate text-base font-semibold" title={loop.title}>
            <Link to={paths.loop(loop.id)} className="underline-offset-4 hover:text-primary hover:underline">
              {loop.title}
            </Link>
          </h3>
          <Badge variant="outline" className="shrink-0">
            {loop.genre.name}
          </Badge>
        </div>
        <div className="mt-0.5 flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-sm text-muted-foreground">
            by{" "}
            <Link to={paths.userProfile(loop.user.id)} className="text-foreground/90 underline-offset-4 hover:text-primary hover:underline">
              {artistName(loop.user)}
            </Link>
          </p>
          {social ? <div className="-my-1 flex shrink-0 items-center">{social}</div> : null}
        </div>
        {own ? <LoopStatusBadges loop={loop} className="mt-2" /> : null}
      </div>

      <WaveformPlayer
        loopId={loop.id}
        title={loop.title}
        previewUrl={ready ? loop.audioFileUrl : null}
        peaksUrl={loop.peaksUrl}
        duration={loop.duration}
        creator={{ id: loop.user.id, name: artistName(loop.user) }}
        className={cn(list && "md:min-w-0 md:flex-1")}
      />

      <div className={cn("flex flex-col gap-3", list && "md:w-72 md:shrink-0")}>
        <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <Meta icon={<Clock aria-hidden />} label="Duration" value={formatDuration(loop.duration)} />
          {loop.bpm !== null ? <Meta icon={<Gauge aria-hidden />} label="BPM" value={`${loop.bpm} BPM`} /> : null}
          {loop.key ? <Meta icon={<Music2 aria-hidden />} label="Key" value={loop.key} /> : null}
          {rating.total > 0 && rating.average !== null ? (
            <div className="flex items-center gap-1" data-testid="loop-rating">
              <dt className="sr-only">Rating</dt>
              <dd className="flex items-center gap-1">
                <Star className="size-3.5 fill-amber-300 text-amber-300" aria-hidden />
                <span className="font-medium text-foreground">{formatRating(rating.average)}</span>
                <span>({rating.total})</span>
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="flex items-center justify-between gap-3">
          <p
            className={cn("font-display text-xl font-extrabold", loop.isFree ? "text-emerald-300" : "text-foreground")}
            data-testid="loop-price"
          >
            {formatLoopPrice(loop)}
          </p>
          {/* Owning one format of a paid loop shows Download beside Buy for the other: they wrap. */}
          {actions ? <div className="flex flex-wrap items-center justify-end gap-2">{actions}</div> : null}
        </div>
        {footer}
      </div>
    </article>
  );
}

function Meta({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-1 [&_svg]:size-3.5">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
