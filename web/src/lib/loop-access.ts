/**
 * What a viewer may do with a loop (docs/product.md#loop-card; the same on a loop's page, issue 36):
 * Download for a free loop, one's own or the formats bought; Buy while a format of a paid loop is not
 * theirs; Make Offer signed in while Buy shows; stars once they bought or downloaded it. A loop is
 * sold per format (one purchase per buyer, loop and format), so owning the MP3 must neither offer the
 * WAV's download (the server refuses it) nor hide buying the WAV.
 */
import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/catalog";
import type { PublicLoop } from "@loop/rules/schemas/loops";

/**
 * The formats in any of the lists (e.g. the server's `purchasedFormats` and those bought in this
 * card since the list was fetched), once each and in DELIVERY_FORMATS order, MP3 first.
 */
export function ownedFormats(...lists: readonly (readonly DeliveryFormat[])[]): DeliveryFormat[] {
  return DELIVERY_FORMATS.filter((format) => lists.some((list) => list.includes(format)));
}

/** The formats still to buy, MP3 first. */
export function notOwnedFormats(owned: readonly DeliveryFormat[]): DeliveryFormat[] {
  return DELIVERY_FORMATS.filter((format) => !owned.includes(format));
}

export interface LoopAccess {
  own: boolean;
  ready: boolean;
  /** The formats owned (the server's, and those bought here since it was fetched). */
  owned: DeliveryFormat[];
  /** What Download offers. */
  downloadFormats: readonly DeliveryFormat[];
  mayDownload: boolean;
  mayBuy: boolean;
  mayOffer: boolean;
  mayRate: boolean;
}

/** What the viewer did here (a card, a loop's page) before the loop is fetched again. */
export interface DoneHere {
  bought: readonly DeliveryFormat[];
  downloaded: boolean;
  rated: boolean;
}

/** `viewerId` null: signed out. */
export function loopAccess(loop: PublicLoop, viewerId: string | null, here: DoneHere): LoopAccess {
  const own = viewerId !== null && viewerId === loop.user.id;
  const ready = loop.status === "ready";
  // A loop hidden by a moderator is still delivered to its creator and its buyers (not sold any more).
  const deliverable = ready || loop.status === "hidden";
  const owned = ownedFormats(loop.purchasedFormats, here.bought);
  const notOwned = notOwnedFormats(owned);
  // Free loops and one's own come in every format; a paid loop in the formats bought.
  const downloadFormats = loop.isFree || own ? DELIVERY_FORMATS : owned;
  const mayBuy = ready && !loop.isFree && !own && notOwned.length > 0;
  // Buyers and downloaders may rate (the server says so in canRate, and has the last word).
  const mayRate =
    viewerId !== null &&
    !own &&
    ready &&
    (loop.canRate || here.downloaded || here.bought.length > 0 || here.rated || (loop.myRating ?? null) !== null);
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
