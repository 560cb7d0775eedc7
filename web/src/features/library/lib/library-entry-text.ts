/** How a library entry's facts read (the entry card and its tests). */
import { LICENCE_METHOD_NAMES } from "@loop/rules/schemas/licences";
import type { LibraryEntry } from "@loop/rules/schemas/library";
import { parseLoop } from "@loop/rules/units";
import { formatLoop8 } from "@/lib/loop-amounts";

/** A LOOP amount ("5865.50000000") grouped, without trailing zeros: "5,865.5"; a malformed one as given. */
export function formatLoopPaid(text: string): string {
  if (parseLoop(text) === null) return text;
  const grouped = formatLoop8(text);
  return grouped.includes(".") ? grouped.replace(/\.?0+$/, "") : grouped;
}

/** How it was paid: "Card", "PayPal", "LOOP balance (in app)"…; "Free download" for a free loop. */
export function paymentText(entry: Pick<LibraryEntry, "method">): string {
  return LICENCE_METHOD_NAMES[entry.method];
}

/** What was paid: "$10.20", with the LOOP when paid in LOOP ("$10.20 (5,100 LOOP)"). */
export function totalText(entry: Pick<LibraryEntry, "total" | "loopAmount">): string {
  return entry.loopAmount ? `$${entry.total} (${formatLoopPaid(entry.loopAmount)} LOOP)` : `$${entry.total}`;
}

/** The seller as the card names them: their name, else their handle. */
export function sellerName(seller: LibraryEntry["seller"]): string {
  return seller.name?.trim() || `@${seller.username}`;
}
