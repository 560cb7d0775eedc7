import type { OwnProfile } from "@loop/rules/schemas/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { OWN_PROFILE_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/profile: the signed-in user with their earnings and spending (LOOP, 8 decimals). */
export function getOwnProfile(signal?: AbortSignal): Promise<OwnProfile> {
  return apiJson<OwnProfile>("GET", "/api/profile", undefined, { signal });
}

export const ownProfileQueryOptions = queryOptions({
  queryKey: OWN_PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => getOwnProfile(signal),
});

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}
