import type { PendingSale } from "@loop/rules/schemas/tokens";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

export const PENDING_SALES_QUERY_KEY = ["/api/tokens/pending-sales"] as const;

/**
 * GET /api/tokens/pending-sales: the card and PayPal sale proceeds still held (part of the balance's
 * `held`), per day of release, soonest first.
 */
export const pendingSalesQueryOptions = jsonQueryOptions<PendingSale[]>(PENDING_SALES_QUERY_KEY, "/api/tokens/pending-sales", {
  // Fetched with the balance, on entry to the token page and the home banner.
  staleTime: 0,
});

export function usePendingSales() {
  return useQuery(pendingSalesQueryOptions);
}
