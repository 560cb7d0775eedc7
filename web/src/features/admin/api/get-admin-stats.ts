import type { AdminStats } from "@loop/rules/schemas/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/admin/stats (the key joins to that path). */
export const ADMIN_STATS_QUERY_KEY = [...ADMIN_QUERY_KEY, "stats"] as const;

export const adminStatsQueryOptions = queryOptions({
  queryKey: ADMIN_STATS_QUERY_KEY,
  queryFn: getQueryFn<AdminStats>({ on401: "throw" }),
  staleTime: 0,
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
