import type { OwnProfile } from "@loop/rules/schemas/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";
import { OWN_PROFILE_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/profile: the signed-in user with their earnings and spending (LOOP, 8 decimals). */
export const ownProfileQueryOptions = queryOptions({
  queryKey: OWN_PROFILE_QUERY_KEY,
  queryFn: getQueryFn<OwnProfile>({ on401: "throw" }),
});

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}
