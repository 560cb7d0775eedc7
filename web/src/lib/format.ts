import { formatShortDate, formatShortDateTime, groupDigits } from "@loop/rules/format-en-us";
import { parseLoop, UNITS_PER_LOOP } from "@loop/rules/units";

/** Wallet address as first 6 and last 4 characters (docs/product.md#states): 0x1234...abcd. */
export function shortAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** Whole numbers with thousands separators. */
export function formatCount(value: number): string {
  return groupDigits(value);
}

/**
 * A LOOP decimal string ("1234.50000000") for display: thousands separators, at most 2 decimals,
 * trailing zeros dropped. Exact (no floats); a malformed value is shown as given.
 */
export function formatLoopAmount(text: string): string {
  const units = parseLoop(text);
  if (units === null) return text;
  const whole = units / UNITS_PER_LOOP;
  const hundredths = ((units % UNITS_PER_LOOP) * 100n) / UNITS_PER_LOOP;
  const wholeText = groupDigits(whole);
  if (hundredths === 0n) return wholeText;
  return `${wholeText}.${hundredths.toString().padStart(2, "0").replace(/0$/, "")}`;
}

/**
 * An ERC-20 amount in its smallest unit (LOOP: 18 decimals) for display with exactly 2 decimals and
 * thousands separators: 10^24 wei -> "1,000,000.00 LOOP". Exact (no floats); rounds down, so a
 * balance is never shown larger than it is.
 */
export function formatTokenAmount(amount: bigint, decimals = 18, symbol = "LOOP"): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const hundredths = ((abs % scale) * 100n) / scale;
  const text = `${groupDigits(whole)}.${hundredths.toString().padStart(2, "0")}`;
  return `${negative ? "-" : ""}${text}${symbol ? ` ${symbol}` : ""}`;
}

/** "Mar 4, 2026" (US English short month). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatShortDate(date);
}

/** Dates in lists: "Mar 4, 2026, 3:07 PM" (US English short month, day, year, hour, minute). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatShortDateTime(date);
}
