/** Format fees on top of the price (docs/product.md#fees): the seller gets the price, the platform the fee. */
export const FORMATS = ["mp3", "wav"] as const;
export type Format = (typeof FORMATS)[number];

/**
 * Default fee in basis points per format; the admin changes the fees in use (platform settings,
 * GET /api/config → settings.formatFeeBps). LoopMarketplace.offerFee keeps these for wallet offers.
 */
export const FORMAT_FEE_BPS: Record<Format, bigint> = { mp3: 200n, wav: 400n };
const BPS = 10_000n;

/** Fee in cents for a price in cents, rounded half-up to the cent. Free loops have no fee. */
export function formatFeeCents(priceCents: bigint, format: Format, feeBps = FORMAT_FEE_BPS[format]): bigint {
  if (priceCents <= 0n) return 0n;
  return (priceCents * feeBps * 2n + BPS) / (BPS * 2n);
}

export function totalWithFeeCents(priceCents: bigint, format: Format, feeBps = FORMAT_FEE_BPS[format]): bigint {
  return priceCents + formatFeeCents(priceCents, format, feeBps);
}
