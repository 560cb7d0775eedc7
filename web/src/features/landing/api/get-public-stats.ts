import type { PublicStats } from "@loop/rules/api-types";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

/** GET /api/stats/public: real platform figures and the creators leaderboard (zeros when empty). */
export const publicStatsQueryOptions = queryOptions({
  queryKey: ["/api/stats/public"] as const,
  queryFn: getQueryFn<PublicStats>({ on401: "throw" }),
});

export function usePublicStats() {
  return useQuery(publicStatsQueryOptions);
}
