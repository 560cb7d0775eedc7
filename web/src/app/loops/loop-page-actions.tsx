import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { LoopViewer } from "@/features/loop-page/components/loop-page";
import { LoopSaleCard } from "@/features/loop-page/components/loop-sale-card";
import { RateStars, SaleButtons, SocialButtons, useLoopActions } from "./loop-actions";

export interface LoopPageActionsProps extends LoopViewer {
  loop: PublicLoop;
  onSignInRequired?: () => void;
}

/**
 * The side of a loop's page that sells it (issue 36): the loop page's price and formats with Buy,
 * Make Offer, Download, Like, Add to collection and the stars. Who may do what is the loop card's
 * rule (lib/loop-access.ts).
 */
export function LoopPageActions({ loop, viewerId, viewerKnown, onSignInRequired }: LoopPageActionsProps) {
  const actions = useLoopActions(loop, { viewerId, onSignInRequired });
  const { access } = actions;
  return (
    <LoopSaleCard
      loop={loop}
      owned={access.owned}
      rating={actions.rating}
      actions={
        access.mayBuy || access.mayDownload ? (
          <SaleButtons loop={loop} actions={actions} signedIn={viewerId !== null} buyFirst className="flex-1" disabled={!viewerKnown} />
        ) : null
      }
      social={
        <SocialButtons
          loop={loop}
          access={access}
          signedIn={viewerId !== null}
          onSignInRequired={onSignInRequired}
          collectionFirst={false}
        />
      }
      rate={<RateStars loop={loop} actions={actions} />}
    >
      {actions.dialogs}
    </LoopSaleCard>
  );
}
