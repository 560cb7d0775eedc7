import type { PublicStats } from "@loop/rules/api-types";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

/** GET /api/stats/public: real platform figures and the creators leaderboard (zeros when empty). */
export const publicStatsQueryOptions = jsonQueryOptions<PublicStats>(["/api/stats/public"], "/api/stats/public");

export function usePublicStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publicStatsQueryOptions, enabled });
}
