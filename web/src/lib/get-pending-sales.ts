import type { PendingSale } from "@loop/rules/schemas/tokens";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

export const PENDING_SALES_QUERY_KEY = ["/api/tokens/pending-sales"] as const;

/**
 * GET /api/tokens/pending-sales: the card and PayPal sale proceeds still held (part of the balance's
 * `held`), per day of release, soonest first.
 */
export const pendingSalesQueryOptions = queryOptions({
  queryKey: PENDING_SALES_QUERY_KEY,
  queryFn: getQueryFn<PendingSale[]>({ on401: "throw" }),
  // Fetched with the balance, on entry to the token page and the home banner.
  staleTime: 0,
});

export function usePendingSales() {
  return useQuery(pendingSalesQueryOptions);
}
