import type { AdminLevelOverview } from "@loop/rules/schemas/admin-levels";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/admin/level-rewards (the key joins to that path). */
export const ADMIN_LEVEL_OVERVIEW_QUERY_KEY = [...ADMIN_QUERY_KEY, "level-rewards"] as const;

export const adminLevelOverviewQueryOptions = queryOptions({
  queryKey: ADMIN_LEVEL_OVERVIEW_QUERY_KEY,
  queryFn: getQueryFn<AdminLevelOverview>({ on401: "throw" }),
  staleTime: 0,
});

export function useAdminLevelOverview() {
  return useQuery(adminLevelOverviewQueryOptions);
}
