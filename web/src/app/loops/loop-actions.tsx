import type { DeliveryFormat } from "@loop/rules/catalog";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { RatingResult } from "@loop/rules/schemas/ratings";
import { HandCoins, ShoppingCart } from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { AddToCollectionMenu } from "@/features/collection-menu/components/lazy-collection-menu";
import { DownloadButton } from "@/features/downloads/components/download-button";
import { LikeButton } from "@/features/likes/components/like-button";
import { RatingControl } from "@/features/ratings/components/rating-control";
import { askToSignIn, loginRequiredToast } from "@/lib/sign-in-required";
import { type LoopAccess, loopAccess } from "@/lib/loop-access";
import { MakeOfferDialog, preloadSaleDialogs, PurchaseDialog } from "./lazy-sale-dialogs";

/** Signed out, Buy asks to sign in: the app passes its Join dialog; without one a toast says so. */
export const BUY_LOGIN_REQUIRED_TOAST = loginRequiredToast("buy loops");

export interface LoopActionsOptions {
  /** The signed-in viewer's id; null signed out. */
  viewerId: string | null;
  /** Opens the app's sign-in (Join) dialog: Buy and the heart call it when nobody is signed in. */
  onSignInRequired?: () => void;
}

/** A dialog mounted on first open (not one per card in a list), then opened and closed. */
function useLazyDialog() {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  return { mounted, open, setOpen, show };
}

/**
 * What a viewer may do with a loop where it is shown (its card, its page), and what they did there
 * before the loop is fetched again: formats bought (Download at once), a download (which lets them
 * rate a free loop), their rating (the average shown). The features' parts read it: the purchase and
 * offer dialogs (mounted on first use), Download, Like, Add to collection and the stars.
 */
export function useLoopActions(loop: PublicLoop, { viewerId, onSignInRequired }: LoopActionsOptions) {
  const [bought, setBought] = useState<readonly DeliveryFormat[]>([]);
  const [downloaded, setDownloaded] = useState(false);
  const [rated, setRated] = useState<RatingResult | null>(null);
  const purchase = useLazyDialog();
  const offer = useLazyDialog();
  const access = loopAccess(loop, viewerId, { bought, downloaded, rated: rated !== null });

  const buy = () => {
    if (viewerId === null) {
      askToSignIn(onSignInRequired, BUY_LOGIN_REQUIRED_TOAST);
      return;
    }
    purchase.show();
  };

  const dialogs = (
    <Suspense fallback={null}>
      {purchase.mounted && viewerId !== null && access.mayBuy ? (
        <PurchaseDialog
          loop={loop}
          ownedFormats={access.owned}
          open={purchase.open}
          onOpenChange={purchase.setOpen}
          onPurchased={(done) => setBought((formats) => [...formats, done.format])}
        />
      ) : null}
      {offer.mounted && access.mayOffer ? (
        <MakeOfferDialog loop={loop} ownedFormats={access.owned} open={offer.open} onOpenChange={offer.setOpen} />
      ) : null}
    </Suspense>
  );

  return {
    access,
    rating: {
      average: rated ? rated.averageRating : loop.averageRating,
      total: rated ? rated.totalRatings : loop.totalRatings,
      mine: rated?.myRating ?? loop.myRating ?? null,
    },
    onRated: setRated,
    onDownloaded: () => setDownloaded(true),
    buy,
    makeOffer: offer.show,
    dialogs,
  };
}

export type LoopActions = ReturnType<typeof useLoopActions>;

interface SaleButtonProps extends Pick<ButtonProps, "size" | "className" | "disabled"> {
  loop: PublicLoop;
  actions: LoopActions;
  /** Signed in: a pointer or focus on Buy starts loading the dialogs (signed out, Buy opens Join). */
  signedIn: boolean;
  /** The page leads with Buy (Buy, Make Offer, Download); the card ends with it. */
  buyFirst?: boolean;
}

/**
 * Download, Make Offer and Buy, as many as the viewer may use (`className` and `disabled` go to Make
 * Offer and Buy; Buy is disabled while the viewer is not known yet).
 */
export function SaleButtons({ loop, actions, signedIn, buyFirst = false, size, className, disabled }: SaleButtonProps): ReactNode {
  const { access } = actions;
  const download = access.mayDownload ? (
    <DownloadButton
      key="download"
      loopId={loop.id}
      title={loop.title}
      formats={access.downloadFormats}
      mp3Kbps={loop.mp3Kbps}
      onStarted={actions.onDownloaded}
    />
  ) : null;
  const offer = access.mayOffer ? (
    <Button
      key="offer"
      size={size}
      variant="outline"
      className={className}
      onClick={actions.makeOffer}
      onPointerEnter={preloadSaleDialogs}
      onFocus={preloadSaleDialogs}
      aria-label={`Make Offer on ${loop.title}`}
    >
      <HandCoins aria-hidden />
      Make Offer
    </Button>
  ) : null;
  const buy = access.mayBuy ? (
    <Button
      key="buy"
      size={size}
      className={className}
      onClick={actions.buy}
      onPointerEnter={signedIn ? preloadSaleDialogs : undefined}
      onFocus={signedIn ? preloadSaleDialogs : undefined}
      disabled={disabled}
      aria-label={`Buy ${loop.title}`}
    >
      <ShoppingCart aria-hidden />
      Buy
    </Button>
  ) : null;
  if (!download && !buy) return null;
  return buyFirst ? [buy, offer, download] : [download, offer, buy];
}

/** The heart for everyone (signed out it asks to sign in); "Add to collection" for members, on a ready loop. */
export function SocialButtons({
  loop,
  access,
  signedIn,
  onSignInRequired,
  collectionFirst,
}: {
  loop: PublicLoop;
  access: LoopAccess;
  signedIn: boolean;
  onSignInRequired?: () => void;
  /** The card puts the collection menu before the heart; the page after it. */
  collectionFirst: boolean;
}) {
  const collection = signedIn && access.ready ? <AddToCollectionMenu loopId={loop.id} title={loop.title} /> : null;
  return (
    <>
      {collectionFirst ? collection : null}
      <LikeButton loop={loop} onSignInRequired={onSignInRequired} />
      {collectionFirst ? null : collection}
    </>
  );
}

/** The stars for a viewer who may rate the loop. */
export function RateStars({ loop, actions }: { loop: PublicLoop; actions: LoopActions }) {
  if (!actions.access.mayRate) return null;
  return <RatingControl loopId={loop.id} title={loop.title} myRating={actions.rating.mine} onRated={actions.onRated} />;
}
