/**
 * What a purchase or an offer costs, computed on the page with the shared rules (docs/product.md#fees,
 * docs/product.md#offers): an amount (a loop's price, or the amount offered) plus its format fee (the
 * platform settings' rate, MP3 2% and WAV 4% by default; half-up to the cent), and that total in LOOP
 * at 500 per USD (what a purchase takes, what an offer holds). Integer cents and ledger units only;
 * the server computes the same amounts with its current fee (an open offer keeps the fee it was
 * opened with) and has the last word.
 */
import { FORMAT_FEE_BPS, formatFeeCents, type Format } from "@loop/rules/fees";
import type { Negotiation } from "@loop/rules/schemas/negotiations";
import { centsToLoopUnits, parseLoop, parseUsd } from "@loop/rules/units";

/** An amount with its fee, their total, and that total in LOOP ledger units (10^-8 LOOP). */
interface FeeTotal {
  feeCents: bigint;
  totalCents: bigint;
  loopUnits: bigint;
}

/** `amountCents` plus its fee: the one computation behind every quote below. */
function withFee(amountCents: bigint, feeCents: bigint): FeeTotal {
  const totalCents = amountCents + feeCents;
  return { feeCents, totalCents, loopUnits: centsToLoopUnits(totalCents) };
}

export interface PurchaseQuote extends FeeTotal {
  format: Format;
  /** The fee rate the quote was computed with, in basis points. */
  feeBps: bigint;
  priceCents: bigint;
}

/** The quote for a loop's price ("4.99") in a format at `feeBps` (the settings' fee); null when the price is not a USD amount. */
export function purchaseQuote(price: string, format: Format, feeBps: bigint = FORMAT_FEE_BPS[format]): PurchaseQuote | null {
  const priceCents = parseUsd(price);
  if (priceCents === null) return null;
  return { format, feeBps, priceCents, ...withFee(priceCents, formatFeeCents(priceCents, format, feeBps)) };
}

export interface OfferQuote extends FeeTotal {
  amountCents: bigint;
}

/** The quote for an offer of a USD amount ("12.50") in a format at `feeBps`; null when the text is not a positive USD amount. */
export function offerQuote(amount: string, format: Format, feeBps: bigint = FORMAT_FEE_BPS[format]): OfferQuote | null {
  const amountCents = parseUsd(amount);
  if (amountCents === null || amountCents <= 0n) return null;
  return { amountCents, ...withFee(amountCents, formatFeeCents(amountCents, format, feeBps)) };
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
  return { amountCents, ...withFee(amountCents, feeCents) };
}

/** Same shape as the API's check: digits with at most 2 decimals (the server refuses anything else). */
const USD_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

/** The cents of an offer or a counter typed in USD ("12.50"): a positive amount with at most 2 decimals, else null. */
export function offerCents(text: string): bigint | null {
  const trimmed = text.trim();
  const cents = USD_TEXT.test(trimmed) ? parseUsd(trimmed) : null;
  return cents !== null && cents > 0n ? cents : null;
}

/** A fee rate for labels: "2%", "4%" (whole basis-point hundreds; "2.5%", "2.25%" otherwise). */
export function feePercent(format: Format, bps: bigint = FORMAT_FEE_BPS[format]): string {
  const whole = bps / 100n;
  const rest = bps % 100n;
  return rest === 0n ? `${whole}%` : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}%`;
}

export type LoopSufficiency = { state: "unknown" } | { state: "enough" } | { state: "short"; shortUnits: bigint };

/** Whether the spendable balance (8-decimal LOOP string, when loaded) covers `neededUnits`. */
export function loopSufficiency(neededUnits: bigint, available: string | undefined): LoopSufficiency {
  const availableUnits = available === undefined ? null : parseLoop(available);
  if (availableUnits === null) return { state: "unknown" };
  return availableUnits >= neededUnits ? { state: "enough" } : { state: "short", shortUnits: neededUnits - availableUnits };
}
