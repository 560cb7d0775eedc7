/**
 * USD values of LOOP amounts for display (docs/product.md#units: 500 LOOP = 1 USD); LOOP itself is
 * shown by `formatLoop` in ./format. Exact: LOOP strings are parsed into bigint ledger units, never into floats.
 */
import { formatUsd, loopUnitsToCents, parseLoop, parseUsd } from "@loop/rules/units";

const grouping = /\B(?=(\d{3})+(?!\d))/g;

function groupWhole(text: string): string {
  const [whole = "", fraction] = text.split(".");
  const grouped = whole.replace(grouping, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** USD cents of a LOOP amount (rounded half-up to the cent); null when the text is not an amount. */
export function loopTextToCents(text: string): bigint | null {
  const units = parseLoop(text);
  return units === null ? null : loopUnitsToCents(units);
}

/** "$1,234.57" from integer cents. */
export function formatUsdCents(cents: bigint): string {
  return `$${groupWhole(formatUsd(cents))}`;
}

/** The USD value of a LOOP amount: "1234.50000000" → "$2.47"; "$0.00" for a malformed amount. */
export function loopToUsd(text: string): string {
  return formatUsdCents(loopTextToCents(text) ?? 0n);
}

/** A USD string as shown: "1234.5" → "$1,234.50" (a malformed value is shown as given, after "$"). */
export function usdText(text: string): string {
  const cents = parseUsd(text);
  return cents === null ? `$${text}` : formatUsdCents(cents);
}
