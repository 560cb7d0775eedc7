import type { PublicLoop } from "@loop/rules/schemas/loops";
import { memo, useCallback } from "react";
import { type LoopLayout, LoopCardView, type RenderLoopCard } from "@/features/catalog/components/loop-card";
import { useUser } from "@/lib/auth";
import { RateStars, SaleButtons, SocialButtons, useLoopActions } from "./loop-actions";

export interface LoopCardProps {
  loop: PublicLoop;
  layout?: LoopLayout;
  /** Opens the app's sign-in (Join) dialog; Buy and the heart call it when nobody is signed in. */
  onSignInRequired?: () => void;
}

/**
 * The loop card as every list shows it (docs/product.md#loop-card): the catalog's card with what the
 * viewer may do. Beside the artist the heart with the like count, and for members "Add to
 * collection"; Download when the viewer may have the file (the formats they own of a paid loop), Buy
 * while some format is not theirs yet (signed out it asks to sign in), so both once they own the MP3
 * only, and signed in Make Offer while Buy shows; the stars once they may rate it.
 */
export const LoopCard = memo(function LoopCard({ loop, layout = "grid", onSignInRequired }: LoopCardProps) {
  const { user, isLoading } = useUser();
  const viewerId = user?.id ?? null;
  const actions = useLoopActions(loop, { viewerId, onSignInRequired });
  const { access } = actions;
  return (
    <LoopCardView
      loop={loop}
      layout={layout}
      own={access.own}
      rating={actions.rating}
      social={
        <SocialButtons loop={loop} access={access} signedIn={viewerId !== null} onSignInRequired={onSignInRequired} collectionFirst />
      }
      actions={
        access.mayDownload || access.mayBuy ? (
          <SaleButtons loop={loop} actions={actions} signedIn={viewerId !== null} size="sm" disabled={isLoading} />
        ) : null
      }
      footer={
        <>
          {actions.dialogs}
          <RateStars loop={loop} actions={actions} />
        </>
      }
    />
  );
});

/** The app's cards for a list (`renderCard` of the catalog's lists), Buy and the heart opening `onSignInRequired` signed out. */
export function useRenderLoopCard(onSignInRequired?: () => void): RenderLoopCard {
  return useCallback(
    (loop: PublicLoop, layout: LoopLayout) => <LoopCard loop={loop} layout={layout} onSignInRequired={onSignInRequired} />,
    [onSignInRequired],
  );
}

/** The app's cards where the viewer is signed in already (their own profile). */
export const renderLoopCard: RenderLoopCard = (loop, layout) => <LoopCard loop={loop} layout={layout} />;
