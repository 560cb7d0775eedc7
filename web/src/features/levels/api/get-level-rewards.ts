import type { LevelReward } from "@loop/rules/schemas/levels";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export const LEVEL_REWARDS_QUERY_KEY = ["/api/user/level-rewards"] as const;

/** The spec's limit docs/product.md#limits: recent level rewards show at most 5. */
export const RECENT_LEVEL_REWARDS_LIMIT = 5;

/** GET /api/user/level-rewards: LOOP paid for each level reached, newest first. 401 when signed out. */
export function getLevelRewards(signal?: AbortSignal): Promise<LevelReward[]> {
  return apiJson<LevelReward[]>("GET", "/api/user/level-rewards", undefined, { signal });
}

export const levelRewardsQueryOptions = queryOptions({
  queryKey: LEVEL_REWARDS_QUERY_KEY,
  queryFn: ({ signal }) => getLevelRewards(signal),
});

export function useLevelRewards({ enabled }: { enabled: boolean }) {
  return useQuery({ ...levelRewardsQueryOptions, enabled });
}
