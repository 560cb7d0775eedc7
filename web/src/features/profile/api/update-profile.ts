import type { OwnProfile } from "@loop/rules/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { jsonCall } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";
import { OWN_PROFILE_QUERY_KEY, USER_PROFILES_QUERY_KEY } from "@/lib/query-keys";

export interface UpdateProfileBody {
  username: string;
  bio: string;
  profileImageUrl: string;
}

/** PUT /api/profile: username (required, unique), bio (≤ 500), profile image URL (http(s) or empty). */
export const updateProfile = jsonCall<UpdateProfileBody, OwnProfile>("PUT", "/api/profile");

/** Saves, then refreshes the own profile, the signed-in user (top bar, menu) and profile pages (docs/product.md#profile). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(OWN_PROFILE_QUERY_KEY, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_PROFILES_QUERY_KEY }),
      ]);
    },
  });
}
