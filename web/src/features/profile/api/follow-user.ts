import type { FollowResult } from "@loop/rules/schemas/follows";
import type { PublicProfile } from "@loop/rules/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { USER_PROFILES_QUERY_KEY } from "@/lib/query-keys";
import { userProfileQueryOptions } from "./get-user-profile";

/** POST /api/users/:id/follow (follow: true) or DELETE (false): the member's follower count after the change. 401 signed out. */
export function setFollow({ userId, follow }: { userId: string; follow: boolean }): Promise<FollowResult> {
  return apiJson<FollowResult>(follow ? "POST" : "DELETE", `/api/users/${encodeURIComponent(userId)}/follow`);
}

/**
 * Follows or unfollows; the profile's counts take the server's answer (no refetch of its loops). The
 * other cached profiles (the member's own: "following") are asked again.
 */
export function useSetFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollow,
    onSuccess: (result, { userId }) => {
      queryClient.setQueryData<PublicProfile>(userProfileQueryOptions(userId).queryKey, (profile) =>
        profile ? { ...profile, followerCount: result.followerCount, followedByMe: result.followedByMe } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: USER_PROFILES_QUERY_KEY, predicate: (query) => query.queryKey[1] !== userId });
    },
  });
}
