/**
 * The largest amount of money a request may name: LoopToken's cap (MAX_SUPPLY in
 * contracts/src/LoopToken.sol). No transfer, withdrawal, offer, order or setting can be about more
 * LOOP than can ever exist, and every figure up to it fits the ledger's BIGINT columns (10^17 units
 * of a 9.2·10^18 range), so a bigger one is refused here with a clear message instead of failing in
 * Postgres. USD figures are bounded by the same cap at the platform rate (500 LOOP = 1 USD).
 */
import { groupDigits } from "../format-en-us";
import { parseLoop, UNITS_PER_CENT, UNITS_PER_LOOP } from "../units";

/** LoopToken.MAX_SUPPLY in whole LOOP (checked against the contract's source by amounts.test.ts). */
export const MAX_SUPPLY_LOOP = 1_000_000_000n;
/** The cap in ledger units (10^-8 LOOP). */
export const MAX_LOOP_UNITS = MAX_SUPPLY_LOOP * UNITS_PER_LOOP;
/** The cap in USD cents: $2,000,000.00, whole dollars. */
export const MAX_USD_CENTS = MAX_LOOP_UNITS / UNITS_PER_CENT;

export const AMOUNT_MESSAGES = {
  /** A LOOP amount above the cap. */
  loopTooLarge: `Amount is too large: at most ${groupDigits(MAX_SUPPLY_LOOP)} LOOP`,
  /** A USD amount worth more LOOP than the cap. */
  usdTooLarge: `Amount is too large: at most $${groupDigits(MAX_USD_CENTS / 100n)} (${groupDigits(MAX_SUPPLY_LOOP)} LOOP)`,
} as const;

/** What a LOOP amount field answers for each way a typed amount can be wrong. */
export interface LoopAmountMessages {
  /** Negative or zero. */
  notPositive: string;
  /** Not digits with an optional fraction. */
  invalid: string;
  /** More than 8 decimals. */
  tooPrecise: string;
  /** Above the cap. */
  tooLarge: string;
}

/**
 * Why the (trimmed) text is not a LOOP amount from one ledger unit up to the cap, in the field's
 * words; null when it is one.
 */
export function loopAmountProblem(text: string, messages: LoopAmountMessages): string | null {
  if (/^-\d*(\.\d*)?$/.test(text) && text !== "-") return messages.notPositive;
  if (!/^\d+(\.\d+)?$/.test(text)) return messages.invalid;
  const units = parseLoop(text);
  if (units === null) return messages.tooPrecise;
  if (units <= 0n) return messages.notPositive;
  if (units > MAX_LOOP_UNITS) return messages.tooLarge;
  return null;
}
