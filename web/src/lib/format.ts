import { formatShortDate, formatShortDateTime, groupDigits } from "@loop/rules/format-en-us";
import { LEDGER_DECIMALS, parseLoop, TOKEN_DECIMALS } from "@loop/rules/units";

/** Wallet address as first 6 and last 4 characters (docs/product.md#states): 0x1234...abcd. */
export function shortAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** Whole numbers with thousands separators. */
export function formatCount(value: number): string {
  return groupDigits(value);
}

/** "3 sales", "1 sale". */
export function countText(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export interface LoopFormatOptions {
  /** A "+" before a positive amount, for lists that show credits and debits ("+500", "-260"). */
  plus?: boolean;
  /** Keep all 8 decimals ("367,720.00000000"): the full value, for tooltips. */
  allDecimals?: boolean;
}

/**
 * A LOOP amount for display (docs/product.md#units): the API's decimal string ("1474.50000000",
 * "-260.00000000") or ledger units (147450000000n). Thousands separators and the decimals that
 * matter: every significant digit up to 8, trailing zeros dropped ("367,720", "0.25", "1,474.5",
 * "0.00000001"). A "-" is kept for negatives, `plus` adds a "+" to positive amounts, zero has no sign.
 * Exact (no floats); a string that is not an amount is shown as given.
 */
export function formatLoop(amount: string | bigint, options: LoopFormatOptions = {}): string {
  const units = typeof amount === "bigint" ? amount : loopUnitsOf(amount);
  if (units === null) return String(amount);
  return `${signOf(units, options.plus)}${readableDecimal(units < 0n ? -units : units, LEDGER_DECIMALS, options.allDecimals)}`;
}

/** `formatLoop` with the unit, for plain text (toasts, labels, chart tooltips): "1,474.5 LOOP", "+500 LOOP". */
export function loopText(amount: string | bigint, options: LoopFormatOptions = {}): string {
  return `${formatLoop(amount, options)} LOOP`;
}

/**
 * An on-chain (ERC-20) LOOP amount in wei (18 decimals) for display, the same way as `formatLoop`:
 * thousands separators, every significant digit up to 18, trailing zeros dropped
 * (10^24 → "1,000,000", 1.5 * 10^18 → "1.5", 1n → "0.000000000000000001"). Exact (no floats).
 */
export function formatWalletLoop(wei: bigint, options: Pick<LoopFormatOptions, "plus"> = {}): string {
  return `${signOf(wei, options.plus)}${readableDecimal(wei < 0n ? -wei : wei, TOKEN_DECIMALS)}`;
}

/** Ledger units of a LOOP decimal string, which may start with "-"; null when it is not an amount. */
function loopUnitsOf(text: string): bigint | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith("-");
  const units = parseLoop(negative ? trimmed.slice(1) : trimmed);
  return units === null ? null : negative ? -units : units;
}

function signOf(value: bigint, plus = false): string {
  if (value < 0n) return "-";
  return plus && value > 0n ? "+" : "";
}

/** A non-negative integer of `decimals` places as grouped digits and its fraction, trailing zeros dropped unless `allDecimals`. */
function readableDecimal(value: bigint, decimals: number, allDecimals = false): string {
  const scale = 10n ** BigInt(decimals);
  const digits = (value % scale).toString().padStart(decimals, "0");
  const fraction = allDecimals ? digits : digits.replace(/0+$/, "");
  const whole = groupDigits(value / scale);
  return fraction ? `${whole}.${fraction}` : whole;
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
