/**
 * What an offer holds (docs/product.md#offers): the offered USD amount plus its format fee (the platform
 * settings' rate, MP3 2% and WAV 4% by default; half-up to the cent), held from the buyer's in-app
 * LOOP at 500 LOOP per USD. Integer cents and ledger units only; the server computes the same
 * amounts with its current fee (an open offer keeps the fee it was opened with) and has the last word.
 */
import { FORMAT_FEE_BPS, formatFeeCents, type Format } from "@loop/rules/fees";
import type { Negotiation } from "@loop/rules/schemas/negotiations";
import { centsToLoopUnits, parseUsd } from "@loop/rules/units";

export interface OfferQuote {
  amountCents: bigint;
  feeCents: bigint;
  totalCents: bigint;
  /** The LOOP held for the offer, in ledger units (10^-8 LOOP). */
  heldUnits: bigint;
}

/** The quote for a USD amount ("12.50") in a format at `feeBps`; null when the text is not a positive USD amount. */
export function offerQuote(amount: string, format: Format, feeBps: bigint = FORMAT_FEE_BPS[format]): OfferQuote | null {
  const amountCents = parseUsd(amount);
  if (amountCents === null || amountCents <= 0n) return null;
  const feeCents = formatFeeCents(amountCents, format, feeBps);
  const totalCents = amountCents + feeCents;
  return { amountCents, feeCents, totalCents, heldUnits: centsToLoopUnits(totalCents) };
}

/**
 * What an open offer costs at its current amount (the counter once there is one), from the server's
 * own figures: its amount and the fee at the rate the offer was opened with (an admin's later fee
 * change does not touch it). Null when they are not USD amounts.
 */
export function negotiationQuote(negotiation: Pick<Negotiation, "amount" | "fee">): OfferQuote | null {
  const amountCents = parseUsd(negotiation.amount);
  const feeCents = parseUsd(negotiation.fee);
  if (amountCents === null || feeCents === null || amountCents <= 0n) return null;
  const totalCents = amountCents + feeCents;
  return { amountCents, feeCents, totalCents, heldUnits: centsToLoopUnits(totalCents) };
}

/** Same shape as the API's check: digits with at most 2 decimals (the server refuses anything else). */
const USD_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

/** The cents of an offer or a counter typed in USD ("12.50"): a positive amount with at most 2 decimals, else null. */
export function offerCents(text: string): bigint | null {
  const trimmed = text.trim();
  const cents = USD_TEXT.test(trimmed) ? parseUsd(trimmed) : null;
  return cents !== null && cents > 0n ? cents : null;
}
