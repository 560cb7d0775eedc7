/**
 * Display-only market figures for the exchange panels. The spec's token price is not fetched: it is
 * a simulated value near 0.001 USD (floor 0.0005) refreshed every 30 seconds. DESIGN §2: it is
 * labelled as simulated and never used in any amount (the app's rate is 500 LOOP = 1 USD).
 */
import { useEffect, useState } from "react";

export const SIMULATED_LABEL = "Simulated market data — display only";
export const MARKET_REFRESH_MS = 30_000;
const BASE_PRICE = 0.001;
const FLOOR_PRICE = 0.0005;

export interface SimulatedQuote {
  /** USD per LOOP, for display only. */
  price: number;
  /** Percent change over 24 hours, for display only. */
  change24h: number;
}

export function simulateQuote(random: () => number = Math.random): SimulatedQuote {
  const price = Math.max(FLOOR_PRICE, BASE_PRICE * (0.9 + random() * 0.2));
  const change24h = (random() - 0.5) * 10;
  return { price, change24h };
}

export function useSimulatedQuote(refreshMs = MARKET_REFRESH_MS): SimulatedQuote {
  const [quote, setQuote] = useState(() => simulateQuote());
  useEffect(() => {
    const id = setInterval(() => setQuote(simulateQuote()), refreshMs);
    return () => clearInterval(id);
  }, [refreshMs]);
  return quote;
}

export function formatQuotePrice(price: number): string {
  return `$${price.toFixed(6)}`;
}

export function formatChange(change: number): string {
  return `${change >= 0 ? "+" : ""}${change.toFixed(2)}%`;
}
