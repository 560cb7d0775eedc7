/**
 * What the pages that show loops need of the catalog's rules, without zod: the delivery formats,
 * prices in cents, the musical key's form, the list's limits and the play threshold. The schemas
 * (schemas/loops.ts, downloads.ts, analytics.ts) import these and name them too; a catalog page
 * that imports from here loads no schema code (docs/decisions.md, "First pages").
 */

/** The formats a loop is delivered in. */
export const DELIVERY_FORMATS = ["mp3", "wav"] as const;
export type DeliveryFormat = (typeof DELIVERY_FORMATS)[number];

/**
 * GET /api/loops counts matches exactly up to this many; at or past it `total` is a lower bound
 * (the web shows "1,000+ loops found"): counting every one of 100,000 matches on every request
 * costs more than the rest of it (docs/decisions.md, issue 19).
 */
export const LOOP_TOTAL_CAP = 1_000;
/** Highest price accepted, in cents (1,000,000.00), so that it fits an integer column. */
export const MAX_PRICE_CENTS = 100_000_000;

export const MUSICAL_KEY = /^[A-G][#b]? (major|minor)$/;

/** Price text ("12.5", "0.00") to integer cents. */
export function priceToCents(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

export function centsToPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export const LOOP_LIST_DEFAULT_LIMIT = 24;
export const LOOP_LIST_MAX_LIMIT = 100;

/** A preview counts as a play once this much of it has played. */
export const PLAY_THRESHOLD_MS = 5000;
