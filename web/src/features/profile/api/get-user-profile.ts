import type { PublicProfile } from "@loop/rules/schemas/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { USER_PROFILES_QUERY_KEY } from "@/lib/query-keys";

/**
 * GET /api/users/:userId/profile: the user, their loops (the owner also gets their processing,
 * failed and private ones, each with `status`), totalLoops and isOwnProfile. 404 'User Not Found'.
 */
export function getUserProfile(userId: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiJson<PublicProfile>("GET", `/api/users/${encodeURIComponent(userId)}/profile`, undefined, { signal });
}

export function userProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...USER_PROFILES_QUERY_KEY, userId, "profile"] as const,
    queryFn: ({ signal }) => getUserProfile(userId, signal),
  });
}

export function useUserProfile(userId: string) {
  return useQuery(userProfileQueryOptions(userId));
}
