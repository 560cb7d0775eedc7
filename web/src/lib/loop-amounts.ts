/**
 * LOOP and USD amounts for display (docs/product.md#units: token amounts with 8 decimals; 500 LOOP = 1 USD).
 * Exact: LOOP strings are parsed into bigint ledger units, never into floats.
 */
import { formatLoop, formatUsd, loopUnitsToCents, parseLoop } from "@loop/rules/units";

const grouping = /\B(?=(\d{3})+(?!\d))/g;

function groupWhole(text: string): string {
  const [whole = "", fraction] = text.split(".");
  const grouped = whole.replace(grouping, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "1234.5" → "1,234.50000000". A value that is not a LOOP amount is shown as given. */
export function formatLoop8(text: string): string {
  const negative = text.trim().startsWith("-");
  const units = parseLoop(negative ? text.trim().slice(1) : text);
  if (units === null) return text;
  return `${negative && units > 0n ? "-" : ""}${groupWhole(formatLoop(units))}`;
}

/** Ledger units as grouped LOOP with 8 decimals: 254500000000n → "2,545.00000000". */
export function formatLoopUnits(units: bigint): string {
  const negative = units < 0n;
  return `${negative ? "-" : ""}${groupWhole(formatLoop(negative ? -units : units))}`;
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
