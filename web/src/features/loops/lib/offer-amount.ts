import { NEGOTIATION_MESSAGES, offerBelowMinimumMessage } from "@loop/rules/schemas/negotiations";
import { offerCents } from "@/lib/offer-quote";

export type AmountCheck = { state: "empty" } | { state: "invalid"; message: string } | { state: "valid"; cents: bigint };

/** The offer must be a USD amount with at most 2 decimals, from the platform's minimum offer to below the loop's price. */
export function checkOfferAmount(text: string, priceCents: bigint | null, minOfferCents: number): AmountCheck {
  if (!text.trim()) return { state: "empty" };
  const cents = offerCents(text);
  if (cents === null) return { state: "invalid", message: NEGOTIATION_MESSAGES.amount };
  if (priceCents !== null && cents >= priceCents) return { state: "invalid", message: NEGOTIATION_MESSAGES.notBelowPrice };
  if (cents < BigInt(minOfferCents)) return { state: "invalid", message: offerBelowMinimumMessage(minOfferCents) };
  return { state: "valid", cents };
}
