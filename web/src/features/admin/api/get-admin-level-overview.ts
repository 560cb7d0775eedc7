import type { AdminLevelOverview } from "@loop/rules/schemas/admin-levels";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";
import { ADMIN_QUERY_KEY } from "@/lib/query-keys";

export const ADMIN_LEVEL_OVERVIEW_QUERY_KEY = [...ADMIN_QUERY_KEY, "level-rewards"] as const;

/** GET /api/admin/level-rewards: users per level tier, the top users, and the level and upload rewards paid. */
export const adminLevelOverviewQueryOptions = jsonQueryOptions<AdminLevelOverview>(
  ADMIN_LEVEL_OVERVIEW_QUERY_KEY,
  "/api/admin/level-rewards",
  {
    staleTime: 0,
  },
);

export function useAdminLevelOverview() {
  return useQuery(adminLevelOverviewQueryOptions);
}
