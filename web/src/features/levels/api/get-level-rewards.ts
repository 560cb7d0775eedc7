import type { LevelReward } from "@loop/rules/schemas/levels";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

export const LEVEL_REWARDS_QUERY_KEY = ["/api/user/level-rewards"] as const;

/** The spec's limit docs/product.md#limits: recent level rewards show at most 5. */
export const RECENT_LEVEL_REWARDS_LIMIT = 5;

/** GET /api/user/level-rewards: LOOP paid for each level reached, newest first. 401 when signed out. */
export const levelRewardsQueryOptions = jsonQueryOptions<LevelReward[]>(LEVEL_REWARDS_QUERY_KEY, "/api/user/level-rewards");

export function useLevelRewards({ enabled }: { enabled: boolean }) {
  return useQuery({ ...levelRewardsQueryOptions, enabled });
}
