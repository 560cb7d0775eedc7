const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The spec's three age labels docs/product.md#notifications: "Nd ago" from a day on, "Nh ago" from an hour on, "Just now"
 * under an hour (and for a time slightly ahead of this clock).
 */
export function ageLabel(createdAt: string, now: number = Date.now()): string {
  const age = now - new Date(createdAt).getTime();
  if (!(age >= HOUR_MS)) return "Just now";
  if (age >= DAY_MS) return `${Math.floor(age / DAY_MS)}d ago`;
  return `${Math.floor(age / HOUR_MS)}h ago`;
}
