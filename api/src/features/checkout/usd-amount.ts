/** "5.10" → 510n; null for anything that is not a non-negative USD amount with at most 2 decimals. */
export function usdToCents(value: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? "0").padEnd(2, "0"));
}
