import type { AdminAnalytics } from "@loop/rules/schemas/admin-analytics";
import type { AnalyticsRange } from "@loop/rules/schemas/analytics";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { withSearchParams } from "@/lib/api-client";
import { jsonQueryOptions } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_ANALYTICS_QUERY_KEY = [...ADMIN_QUERY_KEY, "analytics"] as const;

/** GET /api/admin/analytics?range=: the platform's figures per UTC day and the money's health per chain. */
export const adminAnalyticsQueryOptions = (range: AnalyticsRange) =>
  jsonQueryOptions<AdminAnalytics>([...ADMIN_ANALYTICS_QUERY_KEY, range], withSearchParams("/api/admin/analytics", { range }), {
    // Sales, sign-ups and samples arrive all the time: fetched again on every visit.
    staleTime: 0,
  });

/** The figures of `range`; while another range loads, the previous one stays on screen (`isPlaceholderData`). */
export function useAdminAnalytics(range: AnalyticsRange) {
  return useQuery({ ...adminAnalyticsQueryOptions(range), placeholderData: keepPreviousData });
}
