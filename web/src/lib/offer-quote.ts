/**
 * What an offer holds (DESIGN §5): the offered USD amount plus its format fee (MP3 2%, WAV 4%,
 * half-up to the cent), held from the buyer's in-app LOOP at 500 LOOP per USD. Integer cents and
 * ledger units only; the server computes the same amounts and has the last word.
 */
import { formatFeeCents, type Format } from "@loop/rules/fees";
import { centsToLoopUnits, parseUsd } from "@loop/rules/units";

export interface OfferQuote {
  amountCents: bigint;
  feeCents: bigint;
  totalCents: bigint;
  /** The LOOP held for the offer, in ledger units (10^-8 LOOP). */
  heldUnits: bigint;
}

/** The quote for a USD amount ("12.50") in a format; null when the text is not a positive USD amount. */
export function offerQuote(amount: string, format: Format): OfferQuote | null {
  const amountCents = parseUsd(amount);
  if (amountCents === null || amountCents <= 0n) return null;
  const feeCents = formatFeeCents(amountCents, format);
  const totalCents = amountCents + feeCents;
  return { amountCents, feeCents, totalCents, heldUnits: centsToLoopUnits(totalCents) };
}
