import type { PublicStats } from "@loop/rules/api-types";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** GET /api/stats/public: real platform figures and the creators leaderboard (zeros when empty). */
export function getPublicStats(signal?: AbortSignal): Promise<PublicStats> {
  return apiJson<PublicStats>("GET", "/api/stats/public", undefined, { signal });
}

export const publicStatsQueryOptions = queryOptions({
  queryKey: ["/api/stats/public"] as const,
  queryFn: ({ signal }) => getPublicStats(signal),
});

export function usePublicStats() {
  return useQuery(publicStatsQueryOptions);
}
