import { parseUsd } from "@loop/rules/units";
import { formatUsdCents } from "@/lib/loop-amounts";

/** "1234.50" → "$1,234.50" (a malformed value is shown as given, after "$"). */
export function usdText(text: string): string {
  const cents = parseUsd(text);
  return cents === null ? `$${text}` : formatUsdCents(cents);
}
