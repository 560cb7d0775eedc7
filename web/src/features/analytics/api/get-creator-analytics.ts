import type { AnalyticsRange, CreatorAnalytics } from "@loop/rules/schemas/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, withSearchParams } from "@/lib/api-client";

export const CREATOR_ANALYTICS_QUERY_KEY = ["/api/analytics/creator"] as const;

/** GET /api/analytics/creator?range=: the signed-in creator's figures per UTC day and per loop. */
export function getCreatorAnalytics(range: AnalyticsRange, signal?: AbortSignal): Promise<CreatorAnalytics> {
  return apiJson<CreatorAnalytics>("GET", withSearchParams("/api/analytics/creator", { range }), undefined, { signal });
}

export const creatorAnalyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: [...CREATOR_ANALYTICS_QUERY_KEY, range] as const,
    queryFn: ({ signal }) => getCreatorAnalytics(range, signal),
    // Sales, plays and offers arrive all the time: fetched again on every visit.
    staleTime: 0,
  });

/** The figures of `range`; while another range loads, the previous one stays on screen (`isPlaceholderData`). */
export function useCreatorAnalytics(range: AnalyticsRange) {
  return useQuery({ ...creatorAnalyticsQueryOptions(range), placeholderData: keepPreviousData });
}

/** GET /api/analytics/creator/sales.csv?range=: the sales as CSV. A plain link: the session cookie goes with it. */
export function salesCsvUrl(range: AnalyticsRange): string {
  return withSearchParams("/api/analytics/creator/sales.csv", { range });
}
