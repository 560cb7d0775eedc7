import type { UserLevel } from "@loop/rules/schemas/levels";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

export const USER_LEVEL_QUERY_KEY = ["/api/user/level"] as const;

/**
 * GET /api/user/level: the signed-in user's level, title, XP progress within the level (docs/product.md#levels)
 * and LOOP earned from sales and spent on purchases (8-decimal strings). 401 when signed out.
 */
export const userLevelQueryOptions = jsonQueryOptions<UserLevel>(USER_LEVEL_QUERY_KEY, "/api/user/level");

/** Only asks when `enabled` (the page knows whether someone is signed in). */
export function useUserLevel({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userLevelQueryOptions, enabled });
}
