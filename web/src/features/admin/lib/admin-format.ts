import { parseUsd } from "@loop/rules/units";
import { formatLoop8, formatUsdCents } from "@/lib/loop-amounts";

/** "1234.50" → "$1,234.50" (a malformed value is shown as given, after "$"). */
export function usdText(text: string): string {
  const cents = parseUsd(text);
  return cents === null ? `$${text}` : formatUsdCents(cents);
}

/** "1234.5" → "1,234.50000000 LOOP" (8 decimals, docs/product.md#units). */
export function loopText(text: string): string {
  return `${formatLoop8(text)} LOOP`;
}
