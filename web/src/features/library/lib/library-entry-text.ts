/** How a library entry's facts read (the entry card and its tests). */
import { LICENCE_METHOD_NAMES } from "@loop/rules/schemas/licences";
import type { LibraryEntry } from "@loop/rules/schemas/library";

/** How it was paid: "Card", "PayPal", "LOOP balance (in app)"…; "Free download" for a free loop. */
export function paymentText(entry: Pick<LibraryEntry, "method">): string {
  return LICENCE_METHOD_NAMES[entry.method];
}

/** The seller as the card names them: their name, else their handle. */
export function sellerName(seller: LibraryEntry["seller"]): string {
  return seller.name?.trim() || `@${seller.username}`;
}
