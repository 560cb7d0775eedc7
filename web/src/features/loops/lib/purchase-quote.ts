/**
 * What a purchase costs, computed on the page with the shared rules (docs/product.md#fees): the format fee
 * (the platform settings' rate, MP3 2% and WAV 4% by default; half-up to the cent) on top of the
 * price, and the total in LOOP at 500 per USD. Integer cents and ledger units only; the server
 * computes the same amounts with its current fee and has the last word.
 */
import { FORMAT_FEE_BPS, formatFeeCents, type Format } from "@loop/rules/fees";
import { centsToLoopUnits, parseLoop, parseUsd } from "@loop/rules/units";

export interface PurchaseQuote {
  format: Format;
  /** The fee rate the quote was computed with, in basis points. */
  feeBps: bigint;
  priceCents: bigint;
  feeCents: bigint;
  totalCents: bigint;
  /** The total in LOOP ledger units (10^-8 LOOP). */
  loopUnits: bigint;
}

/** The quote for a loop's price ("4.99") in a format at `feeBps` (the settings' fee); null when the price is not a USD amount. */
export function purchaseQuote(price: string, format: Format, feeBps: bigint = FORMAT_FEE_BPS[format]): PurchaseQuote | null {
  const priceCents = parseUsd(price);
  if (priceCents === null) return null;
  const feeCents = formatFeeCents(priceCents, format, feeBps);
  const totalCents = priceCents + feeCents;
  return { format, feeBps, priceCents, feeCents, totalCents, loopUnits: centsToLoopUnits(totalCents) };
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
