import { groupDigits } from "@loop/rules/format-en-us";
import { LOOP_PER_USD, parseLoop, UNITS_PER_LOOP } from "@loop/rules/units";

/**
 * A LOOP total (decimal string, 8 places) for a stat card: the exact amount with thousands
 * separators and all 8 decimals (docs/product.md#units), and its USD value at 500 LOOP = 1 USD, rounded down
 * to the cent. Exact (no floats).
 */
export function formatLoopTotal(text: string): { loop: string; usd: string } | null {
  const units = parseLoop(text);
  if (units === null) return null;
  const whole = units / UNITS_PER_LOOP;
  const fraction = (units % UNITS_PER_LOOP).toString().padStart(8, "0");
  const cents = (units * 100n) / (LOOP_PER_USD * UNITS_PER_LOOP);
  return {
    loop: `${groupDigits(whole)}.${fraction}`,
    usd: `$${groupDigits(cents / 100n)}.${(cents % 100n).toString().padStart(2, "0")}`,
  };
}
