import type { AdminLevelOverview } from "@loop/rules/schemas/admin-levels";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_LEVEL_OVERVIEW_QUERY_KEY = [...ADMIN_QUERY_KEY, "level-rewards"] as const;

/** GET /api/admin/level-rewards: users per level tier, the top users, and the level and upload rewards paid. */
export function getAdminLevelOverview(signal?: AbortSignal): Promise<AdminLevelOverview> {
  return apiJson<AdminLevelOverview>("GET", "/api/admin/level-rewards", undefined, { signal });
}

export const adminLevelOverviewQueryOptions = queryOptions({
  queryKey: ADMIN_LEVEL_OVERVIEW_QUERY_KEY,
  queryFn: ({ signal }) => getAdminLevelOverview(signal),
  staleTime: 0,
});

export function useAdminLevelOverview() {
  return useQuery(adminLevelOverviewQueryOptions);
}
