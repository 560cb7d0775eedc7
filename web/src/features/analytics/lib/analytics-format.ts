/**
 * Text of the analytics page (docs/product.md#units: USD with 2 decimals; LOOP by `formatLoop`/`LoopAmount`).
 * Money arrives as decimal strings: it is shown exactly, compared as integers, and turned into numbers
 * only to draw.
 */
import { parseLoop } from "@loop/rules/units";

/** Ledger units of a LOOP string, for comparing amounts exactly (0 for a malformed one). */
export function loopUnits(text: string): bigint {
  return parseLoop(text) ?? 0n;
}

/** Sales ÷ plays as a percentage with 2 decimals ("2.50%"); "—" when there was no play. */
export function conversionText(conversion: number | null): string {
  return conversion === null ? "—" : `${(conversion * 100).toFixed(2)}%`;
}

/** The periods' labels and sentences, shared with the admin's charts. */
export { periodText, RANGE_LABELS } from "@/components/charts/chart-range";
