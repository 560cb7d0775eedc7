import { paths } from "@loop/rules/paths";
import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/catalog";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { AlertTriangle, Clock, EyeOff, Gauge, HandCoins, Loader2, Music2, ShieldAlert, ShoppingCart, Star } from "lucide-react";
import { memo, type ReactNode, Suspense, useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useUser } from "@/lib/auth";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import type { RatingResult } from "@loop/rules/schemas/ratings";
import { artistName, formatDuration, formatLoopPrice, formatRating } from "../lib/format";
import { notOwnedFormats, ownedFormats } from "../lib/owned-formats";
import { AddToCollectionMenu } from "./lazy-collection-menu";
import { DownloadButton } from "./download-button";
import { LikeButton } from "./like-button";
import { MakeOfferDialog, preloadSaleDialogs, PurchaseDialog } from "./lazy-sale-dialogs";
import { RatingControl } from "./rating-control";
import { WaveformPlayer } from "./waveform-player";

export type LoopLayout = "grid" | "list";

/** Signed out, Buy asks to sign in: the app passes its Join dialog; without one a toast says so. */
export const BUY_LOGIN_REQUIRED_TOAST = {
  title: "Login Required",
  description: "Please log in to buy loops.",
  variant: "destructive",
} as const;

export interface LoopCardProps {
  loop: PublicLoop;
  layout?: LoopLayout;
  /** Opens the app's sign-in (Join) dialog; Buy and the heart call it when nobody is signed in. */
  onSignInRequired?: () => void;
}

/**
 * The loop card (docs/product.md#loop-card): title, 'by' the artist, genre, m:ss, BPM, key, price, average rating,
 * the preview player, Download when the viewer may have the file, stars when they may rate it, and
 * for the owner the loop's state (processing, failed, private). A paid loop is sold per format:
 * others get Download for the formats they own and Buy while some format is not theirs yet (the
 * Purchase dialog; signed out it asks to sign in), so both once they own the MP3 only. Signed in,
 * they may also Make Offer below the price while Buy shows (docs/product.md#offers). Beside the artist:
 * the heart with the like count, and for members "Add to collection" (docs/product.md#likes, #collections).
 */
export const LoopCard = memo(function LoopCard({ loop, layout = "grid", onSignInRequired }: LoopCardProps) {
  const { user, isLoading: userLoading } = useUser();
  const [rated, setRated] = useState<RatingResult | null>(null);
  // Fetching the file records the download, which is what lets a listener rate a free loop.
  const [downloadedHere, setDownloadedHere] = useState(false);
  // Formats bought in this card: Download at once, before the refetched list says purchasedFormats.
  const [boughtHere, setBoughtHere] = useState<readonly DeliveryFormat[]>([]);
  // The Purchase dialog is mounted on first open (not for every card in the list).
  const [buyMounted, setBuyMounted] = useState(false);
  const [buyOpen, setBuyOpen] = useState(false);
  // Likewise the Make Offer dialog.
  const [offerMounted, setOfferMounted] = useState(false);
  const [offerOpen, setOfferOpen] = useState(false);
  const own = user !== null && user.id === loop.user.id;
  const ready = loop.status === "ready";
  // A loop hidden by a moderator is still delivered to its creator and its buyers (not sold any more).
  const deliverable = ready || loop.status === "hidden";
  const owned = ownedFormats(loop.purchasedFormats, boughtHere);
  const notOwned = notOwnedFormats(owned);
  // Free loops and one's own come in every format; a paid loop in the formats bought.
  const downloadFormats = loop.isFree || own ? DELIVERY_FORMATS : owned;
  const mayDownload = deliverable && downloadFormats.length > 0;
  const mayBuy = ready && !loop.isFree && !own && notOwned.length > 0;
  // Offers need an account (the hold comes from the in-app balance): signed out, Buy already opens Join.
  const mayOffer = user !== null && mayBuy;
  const myRating = rated?.myRating ?? loop.myRating ?? null;
  // Buyers and downloaders may rate (the server says so in canRate, and has the last word).
  const mayRate = user !== null && !own && ready && (loop.canRate || downloadedHere || boughtHere.length > 0 || myRating !== null);
  const averageRating = rated ? rated.averageRating : loop.averageRating;
  const totalRatings = rated ? rated.totalRatings : loop.totalRatings;
  const list = layout === "list";

  const buy = () => {
    if (!user) {
      if (onSignInRequired) onSignInRequired();
      else toast(BUY_LOGIN_REQUIRED_TOAST);
      return;
    }
    setBuyMounted(true);
    setBuyOpen(true);
  };

  const makeOffer = () => {
    setOfferMounted(true);
    setOfferOpen(true);
  };

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
          {/* The heart for everyone (signed out it asks to sign in); collections for members. */}
          <div className="-my-1 flex shrink-0 items-center">
            {user && ready ? <AddToCollectionMenu loopId={loop.id} title={loop.title} /> : null}
            <LikeButton loop={loop} onSignInRequired={onSignInRequired} />
          </div>
        </div>
        <StatusBadges loop={loop} own={own} />
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
          {totalRatings > 0 && averageRating !== null ? (
            <div className="flex items-center gap-1" data-testid="loop-rating">
              <dt className="sr-only">Rating</dt>
              <dd className="flex items-center gap-1">
                <Star className="size-3.5 fill-amber-300 text-amber-300" aria-hidden />
                <span className="font-medium text-foreground">{formatRating(averageRating)}</span>
                <span>({totalRatings})</span>
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
          {mayDownload || mayBuy ? (
            // Owning one format of a paid loop shows Download beside Buy for the other: they wrap.
            <div className="flex flex-wrap items-center justify-end gap-2">
              {mayDownload ? (
                <DownloadButton
                  loopId={loop.id}
                  title={loop.title}
                  formats={downloadFormats}
                  mp3Kbps={loop.mp3Kbps}
                  onStarted={() => setDownloadedHere(true)}
                />
              ) : null}
              {mayOffer ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={makeOffer}
                  onPointerEnter={preloadSaleDialogs}
                  onFocus={preloadSaleDialogs}
                  aria-label={`Make Offer on ${loop.title}`}
                >
                  <HandCoins aria-hidden />
                  Make Offer
                </Button>
              ) : null}
              {mayBuy ? (
                <Button
                  size="sm"
                  onClick={buy}
                  onPointerEnter={user ? preloadSaleDialogs : undefined}
                  onFocus={user ? preloadSaleDialogs : undefined}
                  disabled={userLoading}
                  aria-label={`Buy ${loop.title}`}
                >
                  <ShoppingCart aria-hidden />
                  Buy
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
        <Suspense fallback={null}>
          {buyMounted && user && mayBuy ? (
            <PurchaseDialog
              loop={loop}
              ownedFormats={owned}
              open={buyOpen}
              onOpenChange={setBuyOpen}
              onPurchased={(purchase) => setBoughtHere((formats) => [...formats, purchase.format])}
            />
          ) : null}
          {offerMounted && mayOffer ? (
            <MakeOfferDialog loop={loop} ownedFormats={owned} open={offerOpen} onOpenChange={setOfferOpen} />
          ) : null}
        </Suspense>
        {mayRate ? <RatingControl loopId={loop.id} title={loop.title} myRating={myRating} onRated={setRated} /> : null}
      </div>
    </article>
  );
});

function Meta({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-1 [&_svg]:size-3.5">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The owner's view of their own loop's state (the profile's My Loops uses the same card). */
function StatusBadges({ loop, own }: { loop: PublicLoop; own: boolean }) {
  if (!own) return null;
  const processing = loop.status === "processing";
  const failed = loop.status === "failed";
  const hidden = loop.status === "hidden";
  if (!processing && !failed && !hidden && loop.isPublic) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-1.5">
      {processing ? (
        <Badge variant="warning">
          <Loader2 className="animate-spin" aria-hidden />
          Processing
        </Badge>
      ) : null}
      {failed ? (
        <Badge variant="destructive">
          <AlertTriangle aria-hidden />
          Failed
        </Badge>
      ) : null}
      {hidden ? (
        <Badge
          variant="destructive"
          title="Hidden from the catalog by a moderator: the notification you got says why. Buyers keep their downloads."
        >
          <ShieldAlert aria-hidden />
          Hidden by a moderator
        </Badge>
      ) : null}
      {!loop.isPublic ? (
        <Badge variant="outline">
          <EyeOff aria-hidden />
          Private
        </Badge>
      ) : null}
    </div>
  );
}
