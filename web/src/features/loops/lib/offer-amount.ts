import { NEGOTIATION_MESSAGES } from "@loop/rules/schemas/negotiations";
import { offerCents } from "@/lib/offer-quote";

export type AmountCheck = { state: "empty" } | { state: "invalid"; message: string } | { state: "valid"; cents: bigint };

/** The offer must be a positive USD amount with at most 2 decimals, below the loop's price. */
export function checkOfferAmount(text: string, priceCents: bigint | null): AmountCheck {
  if (!text.trim()) return { state: "empty" };
  const cents = offerCents(text);
  if (cents === null) return { state: "invalid", message: NEGOTIATION_MESSAGES.amount };
  if (priceCents !== null && cents >= priceCents) return { state: "invalid", message: NEGOTIATION_MESSAGES.notBelowPrice };
  return { state: "valid", cents };
}
