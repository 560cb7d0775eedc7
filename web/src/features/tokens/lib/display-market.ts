/**
 * Display-only market figures for the exchange panels: the product's fixed figures per network
 * (price near 0.001 USD, 24-hour change, volume, liquidity, holders). LOOP has no live market feed;
 * these are labelled as display figures and never used in any amount (the app's rate is
 * 500 LOOP = 1 USD). They stay put: a figure that jumped at random every 30 seconds looked like a
 * live market it is not.
 */
export const DISPLAY_FIGURES_LABEL = "Display figures — not live market data";

export interface DisplayMarketFigures {
  /** USD per LOOP. */
  price: number;
  /** Percent change over 24 hours. */
  change24h: number;
  volume24h: string;
  liquidity: string;
  holders: string;
}

export const DISPLAY_MARKET: Record<56 | 1, DisplayMarketFigures> = {
  56: { price: 0.001, change24h: 12.5, volume24h: "$47.2K", liquidity: "$156K", holders: "1,247" },
  1: { price: 0.001, change24h: 8.7, volume24h: "$23.4K", liquidity: "$89.2K", holders: "892" },
};

export function formatQuotePrice(price: number): string {
  return `$${price.toFixed(6)}`;
}

export function formatChange(change: number): string {
  return `${change >= 0 ? "+" : ""}${change.toFixed(1)}%`;
}
