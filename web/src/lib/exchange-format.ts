/**
 * The exchange figures of GET /api/exchange for display (the Token page's cards, the admin overview):
 * integers in, text out, no floats. docs/product.md#buying-loop-with-eth
 */
import { groupDigits } from "@loop/rules/format-en-us";
import { formatWalletLoop } from "./format";
import { formatUsdCents } from "./loop-amounts";

const WEI = 10n ** 18n;

/** Millionths of a dollar as "$0.002000" (six decimals, the size of a LOOP price). */
export function formatUsdMicros(micros: string): string {
  const value = BigInt(micros);
  return `$${groupDigits(value / 1_000_000n)}.${(value % 1_000_000n).toString().padStart(6, "0")}`;
}

/** A signed change in basis points as "+0.07%", "-1.25%", "0%". */
export function formatChangeBps(bps: number): string {
  const sign = bps > 0 ? "+" : bps < 0 ? "-" : "";
  const abs = Math.abs(bps);
  const rest = String(abs % 100).padStart(2, "0");
  return `${sign}${Math.trunc(abs / 100)}.${rest}%`;
}

/** LOOP wei per coin as whole LOOP: "1,500,000 LOOP per ETH". */
export function formatLoopPerCoin(loopPerNativeWei: string, coin: string): string {
  return `${groupDigits(BigInt(loopPerNativeWei) / WEI)} LOOP per ${coin}`;
}

/** Cents as "$12,000.00", or the coin amount when there is no coin price: "4 ETH" (at most 4 decimals). */
export function formatValue(usdCents: string | null, nativeWei: string, coin: string): string {
  if (usdCents !== null) return formatUsdCents(BigInt(usdCents));
  const wei = BigInt(nativeWei);
  return `${formatWalletLoop(wei - (wei % 10n ** 14n))} ${coin}`;
}
