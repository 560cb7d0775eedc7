import { groupDigits } from "@loop/rules/format-en-us";
import { LOOP_PER_USD, parseLoop, UNITS_PER_LOOP } from "@loop/rules/units";

/**
 * The USD value of a LOOP total (decimal string, 8 places) for a stat card, at 500 LOOP = 1 USD,
 * rounded down to the cent (never more than the LOOP is worth): "1234567.12345678" → "$2,469.13".
 * Exact (no floats); null for a malformed amount.
 */
export function loopTotalUsd(text: string): string | null {
  const units = parseLoop(text);
  if (units === null) return null;
  const cents = (units * 100n) / (LOOP_PER_USD * UNITS_PER_LOOP);
  return `$${groupDigits(cents / 100n)}.${(cents % 100n).toString().padStart(2, "0")}`;
}
