/** Display of on-chain LOOP amounts (18 decimals). Light module. */
import { formatDecimal, TOKEN_DECIMALS } from "@loop/rules/units";

/**
 * An on-chain LOOP amount (decimal string with up to 18 places, or wei) for display: thousands
 * separators and 8 decimals like the in-app amounts, more only when the amount has finer digits.
 * Exact (no floats).
 */
export function formatWalletLoop(wei: bigint): string {
  const full = formatDecimal(wei, TOKEN_DECIMALS);
  const [whole = "0", fraction = ""] = full.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  const shown = trimmed.length <= 8 ? fraction.slice(0, 8) : trimmed;
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${shown}`;
}
