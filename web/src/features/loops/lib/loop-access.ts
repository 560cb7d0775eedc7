/**
 * What a viewer may do with a loop (the loop card's rules, docs/product.md#loop-card), for a loop's
 * page (issue 36): Download for a free loop, one's own or the formats bought; Buy while a format of a
 * paid loop is not theirs; Make Offer signed in while Buy shows; stars once they bought or downloaded it.
 */
import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/catalog";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { notOwnedFormats, ownedFormats } from "./owned-formats";

export interface LoopAccess {
  own: boolean;
  ready: boolean;
  /** The formats owned (the server's, and those bought on this page since it was fetched). */
  owned: DeliveryFormat[];
  /** What Download offers. */
  downloadFormats: readonly DeliveryFormat[];
  mayDownload: boolean;
  mayBuy: boolean;
  mayOffer: boolean;
  mayRate: boolean;
}

/** `viewerId` null: signed out. `here`: what the viewer did on this page (bought, downloaded, rated) before the loop is fetched again. */
export function loopAccess(
  loop: PublicLoop,
  viewerId: string | null,
  here: { bought: readonly DeliveryFormat[]; downloaded: boolean; rated: boolean },
): LoopAccess {
  const own = viewerId !== null && viewerId === loop.user.id;
  const ready = loop.status === "ready";
  // A loop hidden by a moderator is still delivered to its creator and its buyers (not sold any more).
  const deliverable = ready || loop.status === "hidden";
  const owned = ownedFormats(loop.purchasedFormats, here.bought);
  const notOwned = notOwnedFormats(owned);
  // Free loops and one's own come in every format; a paid loop in the formats bought.
  const downloadFormats = loop.isFree || own ? DELIVERY_FORMATS : owned;
  const mayBuy = ready && !loop.isFree && !own && notOwned.length > 0;
  const mayRate =
    viewerId !== null &&
    !own &&
    ready &&
    (loop.canRate || here.downloaded || here.bought.length > 0 || here.rated || loop.myRating !== null);
  return {
    own,
    ready,
    owned,
    downloadFormats,
    mayDownload: deliverable && downloadFormats.length > 0,
    mayBuy,
    // Offers need an account (the hold comes from the in-app balance): signed out, Buy opens Join.
    mayOffer: viewerId !== null && mayBuy,
    mayRate,
  };
}
