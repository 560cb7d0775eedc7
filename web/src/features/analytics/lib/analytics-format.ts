/**
 * Text of the analytics page (docs/product.md#units: USD with 2 decimals; LOOP by `formatLoop`/`LoopAmount`).
 * Money arrives as decimal strings: it is shown exactly, compared as integers, and turned into numbers
 * only to draw.
 */
import { parseLoop, parseUsd } from "@loop/rules/units";
import { formatCompact } from "@/components/charts/chart-format";
import { formatCount } from "@/lib/format";
import { formatUsdCents } from "@/lib/loop-amounts";

/** "1234.5" → "$1,234.50" (a malformed value is shown as given, after "$"). */
export function usdText(text: string): string {
  const cents = parseUsd(text);
  return cents === null ? `$${text}` : formatUsdCents(cents);
}

/** Ledger units of a LOOP string, for comparing amounts exactly (0 for a malformed one). */
export function loopUnits(text: string): bigint {
  return parseLoop(text) ?? 0n;
}

/** Sales ÷ plays as a percentage with 2 decimals ("2.50%"); "—" when there was no play. */
export function conversionText(conversion: number | null): string {
  return conversion === null ? "—" : `${(conversion * 100).toFixed(2)}%`;
}

/** "3 sales", "1 sale". */
export function countText(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** The periods' labels and sentences, shared with the admin's charts. */
export { periodText, RANGE_LABELS } from "@/components/charts/chart-range";

/** Axis ticks of USD amounts: "$0.5", "$1,200", "$12.5K". */
export function usdTick(value: number): string {
  return `$${formatCompact(value)}`;
}
