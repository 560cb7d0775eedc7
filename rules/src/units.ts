/**
 * Units of money. Every amount is an integer: LOOP in ledger units (10^-8 LOOP) off chain,
 * LOOP in wei (10^-18) on chain, USD in cents. Decimal strings are the only text form.
 */
export const LEDGER_DECIMALS = 8;
export const TOKEN_DECIMALS = 18;
export const UNITS_PER_LOOP = 10n ** BigInt(LEDGER_DECIMALS);
export const WEI_PER_LEDGER_UNIT = 10n ** BigInt(TOKEN_DECIMALS - LEDGER_DECIMALS);

/** One rate everywhere (docs/product.md#rate): 500 LOOP = 1 USD, so 1 cent = 5 LOOP. */
export const LOOP_PER_USD = 500n;
export const LOOP_PER_CENT = LOOP_PER_USD / 100n;
/** Ledger units of one US cent (5 LOOP): prices and offers in whole cents are multiples of it. */
export const UNITS_PER_CENT = LOOP_PER_CENT * UNITS_PER_LOOP;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Parses a non-negative decimal string into an integer of `decimals` places; null if malformed or too precise. */
export function parseDecimal(text: string, decimals: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
}

/** The largest integer a double holds exactly, as a bigint. */
const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);
/** Most places the double path formats: 10^15 is below 2^53, so the scale is exact too. */
const MAX_EXACT_DECIMALS = 15;

/** Formats an integer of `decimals` places as a decimal string with exactly `decimals` places. */
export function formatDecimal(value: bigint, decimals: number): string {
  // Amounts up to 2^53 (90 million LOOP in ledger units) are formatted with doubles, which hold them
  // exactly: a remainder and the quotient of an exact multiple are exact. It is several times faster
  // than bigint division, and the analytics of a year format thousands per request.
  if (decimals <= MAX_EXACT_DECIMALS && value <= MAX_EXACT && value >= -MAX_EXACT) {
    const number = Number(value);
    const abs = number < 0 ? -number : number;
    const scale = 10 ** decimals;
    const fraction = abs % scale;
    const whole = (abs - fraction) / scale;
    return `${number < 0 ? "-" : ""}${whole}${decimals > 0 ? `.${String(fraction).padStart(decimals, "0")}` : ""}`;
  }
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(decimals, "0");
  return `${negative ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
}

export const parseLoop = (text: string) => parseDecimal(text, LEDGER_DECIMALS);
export const formatLoop = (units: bigint) => formatDecimal(units, LEDGER_DECIMALS);
/** LOOP for sentences: no trailing zeros ("12.5", "500"). */
export const formatLoopBrief = (units: bigint) => formatLoop(units).replace(/\.?0+$/, "");
export const parseUsd = (text: string) => parseDecimal(text, 2);
export const formatUsd = (cents: bigint) => formatDecimal(cents, 2);

/** USD cents to LOOP ledger units at the platform rate. Exact. */
export function centsToLoopUnits(cents: bigint): bigint {
  return cents * LOOP_PER_CENT * UNITS_PER_LOOP;
}

/** LOOP ledger units to USD cents, rounded half-up to the cent (display and quotes only). */
export function loopUnitsToCents(units: bigint): bigint {
  const perCent = LOOP_PER_CENT * UNITS_PER_LOOP;
  return (units * 2n + perCent) / (perCent * 2n);
}

export const ledgerUnitsToWei = (units: bigint) => units * WEI_PER_LEDGER_UNIT;

/** Wei to ledger units; null when the amount is not a whole number of ledger units. */
export function weiToLedgerUnits(wei: bigint): bigint | null {
  return wei % WEI_PER_LEDGER_UNIT === 0n ? wei / WEI_PER_LEDGER_UNIT : null;
}
