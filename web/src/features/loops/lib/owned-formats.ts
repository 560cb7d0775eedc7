/**
 * Which formats of a loop the viewer owns. A loop is sold per format (one purchase per buyer, loop
 * and format), so owning the MP3 must neither offer the WAV's download (the server refuses it) nor
 * hide buying the WAV.
 */
import { DELIVERY_FORMATS, type DeliveryFormat } from "@loop/rules/catalog";

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
