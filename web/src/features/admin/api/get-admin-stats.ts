import type { AdminStats } from "@loop/rules/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_STATS_QUERY_KEY = [...ADMIN_QUERY_KEY, "stats"] as const;

/** GET /api/admin/stats: the overview's platform figures. */
export const adminStatsQueryOptions = jsonQueryOptions<AdminStats>(ADMIN_STATS_QUERY_KEY, "/api/admin/stats", {
  staleTime: 0,
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
