import type { AdminStats } from "@loop/rules/schemas/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_STATS_QUERY_KEY = [...ADMIN_QUERY_KEY, "stats"] as const;

/** GET /api/admin/stats: the overview's platform figures. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiJson<AdminStats>("GET", "/api/admin/stats", undefined, { signal });
}

export const adminStatsQueryOptions = queryOptions({
  queryKey: ADMIN_STATS_QUERY_KEY,
  queryFn: ({ signal }) => getAdminStats(signal),
  staleTime: 0,
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
