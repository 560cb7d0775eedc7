import type { PendingSale } from "@loop/rules/schemas/tokens";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export const PENDING_SALES_QUERY_KEY = ["/api/tokens/pending-sales"] as const;

/**
 * GET /api/tokens/pending-sales: the card and PayPal sale proceeds still held (part of the balance's
 * `held`), per day of release, soonest first.
 */
export function getPendingSales(signal?: AbortSignal): Promise<PendingSale[]> {
  return apiJson<PendingSale[]>("GET", "/api/tokens/pending-sales", undefined, { signal });
}

export const pendingSalesQueryOptions = queryOptions({
  queryKey: PENDING_SALES_QUERY_KEY,
  queryFn: ({ signal }) => getPendingSales(signal),
  // Fetched with the balance, on entry to the token page and the home banner.
  staleTime: 0,
});

export function usePendingSales() {
  return useQuery(pendingSalesQueryOptions);
}
