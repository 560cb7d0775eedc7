import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/catalog";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { RatingResult } from "@loop/rules/schemas/ratings";
import { HandCoins, ShoppingCart, Star } from "lucide-react";
import { Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatUsdCents } from "@/lib/loop-amounts";
import { usePlatformSettings } from "@/lib/platform-settings";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { formatLoopPrice, formatRating } from "../lib/format";
import { formatHint } from "../lib/format-hints";
import { loopAccess } from "../lib/loop-access";
import { feePercent, purchaseQuote } from "../lib/purchase-quote";
import { AddToCollectionMenu } from "./lazy-collection-menu";
import { DownloadButton } from "./download-button";
import { LikeButton } from "./like-button";
import { BUY_LOGIN_REQUIRED_TOAST } from "./loop-card";
import { MakeOfferDialog, preloadSaleDialogs, PurchaseDialog } from "./lazy-sale-dialogs";
import { RatingControl } from "./rating-control";
import { ShareLoopButton } from "./share-loop-button";

export interface LoopPageActionsProps {
  loop: PublicLoop;
  /** The signed-in viewer's id; null signed out. */
  viewerId: string | null;
  /** False while the viewer, or their own copy of the loop, is still loading: Buy waits. */
  viewerKnown: boolean;
  onSignInRequired?: () => void;
}

/**
 * The side of a loop's page that sells it (issue 36): the price, the formats with their prices
 * (the price plus the format's fee of GET /api/config, or free), Buy, Make Offer, Download, Like,
 * Add to collection, Share, and the rating. Who may do what is the loop card's rule (lib/loop-access.ts).
 */
export function LoopPageActions({ loop, viewerId, viewerKnown, onSignInRequired }: LoopPageActionsProps) {
  const [boughtHere, setBoughtHere] = useState<readonly DeliveryFormat[]>([]);
  const [downloadedHere, setDownloadedHere] = useState(false);
  const [rated, setRated] = useState<RatingResult | null>(null);
  const [buyMounted, setBuyMounted] = useState(false);
  const [buyOpen, setBuyOpen] = useState(false);
  const [offerMounted, setOfferMounted] = useState(false);
  const [offerOpen, setOfferOpen] = useState(false);
  const access = loopAccess(loop, viewerId, { bought: boughtHere, downloaded: downloadedHere, rated: rated !== null });
  const averageRating = rated ? rated.averageRating : loop.averageRating;
  const totalRatings = rated ? rated.totalRatings : loop.totalRatings;
  const myRating = rated?.myRating ?? loop.myRating ?? null;

  const buy = () => {
    if (viewerId === null) {
      if (onSignInRequired) onSignInRequired();
      else toast(BUY_LOGIN_REQUIRED_TOAST);
      return;
    }
    setBuyMounted(true);
    setBuyOpen(true);
  };

  return (
    <Card aria-labelledby="loop-page-buy" className="flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="loop-page-buy" className="text-sm font-semibold text-muted-foreground">
          Price
        </h2>
        <p
          className={cn("font-display text-3xl font-extrabold", loop.isFree ? "text-emerald-300" : "text-foreground")}
          data-testid="loop-page-price"
        >
          {formatLoopPrice(loop)}
        </p>
      </div>

      <FormatPrices loop={loop} owned={access.owned} />

      {access.mayBuy || access.mayDownload ? (
        <div className="flex flex-wrap gap-2">
          {access.mayBuy ? (
            <Button
              onClick={buy}
              onPointerEnter={viewerId !== null ? preloadSaleDialogs : undefined}
              onFocus={viewerId !== null ? preloadSaleDialogs : undefined}
              disabled={!viewerKnown}
              className="flex-1"
              aria-label={`Buy ${loop.title}`}
            >
              <ShoppingCart aria-hidden />
              Buy
            </Button>
          ) : null}
          {access.mayOffer ? (
            <Button
              variant="outline"
              onClick={() => {
                setOfferMounted(true);
                setOfferOpen(true);
              }}
              onPointerEnter={preloadSaleDialogs}
              onFocus={preloadSaleDialogs}
              className="flex-1"
              aria-label={`Make Offer on ${loop.title}`}
            >
              <HandCoins aria-hidden />
              Make Offer
            </Button>
          ) : null}
          {access.mayDownload ? (
            <DownloadButton
              loopId={loop.id}
              title={loop.title}
              formats={access.downloadFormats}
              mp3Kbps={loop.mp3Kbps}
              onStarted={() => setDownloadedHere(true)}
            />
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-1 border-t border-border pt-4">
        <LikeButton loop={loop} onSignInRequired={onSignInRequired} />
        {viewerId !== null && access.ready ? <AddToCollectionMenu loopId={loop.id} title={loop.title} /> : null}
        <ShareLoopButton loopId={loop.id} className="ml-auto" />
      </div>

      <div className="grid gap-2 border-t border-border pt-4 text-sm" data-testid="loop-page-rating">
        <p className="flex items-center gap-1.5">
          <Star className="size-4 fill-amber-300 text-amber-300" aria-hidden />
          {totalRatings > 0 && averageRating !== null ? (
            <>
              <span className="font-semibold">{formatRating(averageRating)}</span>{" "}
              <span className="text-muted-foreground">
                out of 5 ({totalRatings} {totalRatings === 1 ? "rating" : "ratings"})
              </span>
            </>
          ) : (
            <span className="text-muted-foreground">No ratings yet</span>
          )}
        </p>
        {access.mayRate ? <RatingControl loopId={loop.id} title={loop.title} myRating={myRating} onRated={setRated} /> : null}
      </div>

      <Suspense fallback={null}>
        {buyMounted && viewerId !== null && access.mayBuy ? (
          <PurchaseDialog
            loop={loop}
            ownedFormats={access.owned}
            open={buyOpen}
            onOpenChange={setBuyOpen}
            onPurchased={(purchase) => setBoughtHere((formats) => [...formats, purchase.format])}
          />
        ) : null}
        {offerMounted && access.mayOffer ? (
          <MakeOfferDialog loop={loop} ownedFormats={access.owned} open={offerOpen} onOpenChange={setOfferOpen} />
        ) : null}
      </Suspense>
    </Card>
  );
}

/** Each format with what it costs: the price plus its fee (the platform's current rates), "Free", or "Owned". */
function FormatPrices({ loop, owned }: { loop: PublicLoop; owned: readonly DeliveryFormat[] }) {
  const { formatFeeBps } = usePlatformSettings();
  return (
    <section aria-labelledby="loop-page-formats">
      <h3 id="loop-page-formats" className="mb-2 text-sm font-semibold">
        Formats
      </h3>
      <ul className="grid gap-2" data-testid="loop-formats">
        {DELIVERY_FORMATS.map((format) => {
          const hint = formatHint(format, loop.mp3Kbps);
          const quote = loop.isFree ? null : purchaseQuote(loop.price, format, BigInt(formatFeeBps[format]));
          return (
            <li key={format} className="flex items-baseline justify-between gap-3 rounded-lg border border-border px-3 py-2 text-sm">
              <span>
                <span className="font-semibold">{format.toUpperCase()}</span>
                {hint ? <span className="text-muted-foreground"> · {hint}</span> : null}
              </span>
              <span className="text-right">
                {owned.includes(format) ? (
                  <span className="font-semibold text-emerald-300">Owned</span>
                ) : loop.isFree ? (
                  <span className="font-semibold text-emerald-300">Free</span>
                ) : quote ? (
                  <>
                    <span className="font-semibold tabular-nums">{formatUsdCents(quote.totalCents)}</span>
                    <span className="block text-xs text-muted-foreground">
                      {formatUsdCents(quote.priceCents)} + {feePercent(format, quote.feeBps)} fee
                    </span>
                  </>
                ) : (
                  formatLoopPrice(loop)
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
