/**
 * What a purchase costs, computed on the page with the shared rules (DESIGN §2): the format fee
 * (MP3 2%, WAV 4%, half-up to the cent) on top of the price, and the total in LOOP at 500 per USD.
 * Integer cents and ledger units only; the server computes the same amounts and has the last word.
 */
import { FORMAT_FEE_BPS, formatFeeCents, type Format } from "@loop/rules/fees";
import { centsToLoopUnits, parseLoop, parseUsd } from "@loop/rules/units";

export interface PurchaseQuote {
  format: Format;
  priceCents: bigint;
  feeCents: bigint;
  totalCents: bigint;
  /** The total in LOOP ledger units (10^-8 LOOP). */
  loopUnits: bigint;
}

/** The quote for a loop's price ("4.99") in a format; null when the price is not a USD amount. */
export function purchaseQuote(price: string, format: Format): PurchaseQuote | null {
  const priceCents = parseUsd(price);
  if (priceCents === null) return null;
  const feeCents = formatFeeCents(priceCents, format);
  const totalCents = priceCents + feeCents;
  return { format, priceCents, feeCents, totalCents, loopUnits: centsToLoopUnits(totalCents) };
}

/** The format's fee rate for labels: "2%", "4%" (whole basis-point hundreds; "2.5%" otherwise). */
export function feePercent(format: Format): string {
  const bps = FORMAT_FEE_BPS[format];
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
