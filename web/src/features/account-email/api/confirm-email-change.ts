import type { CurrentUser } from "@loop/rules/api-types";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";
import { OWN_PROFILE_QUERY_KEY } from "@/lib/query-keys";

/**
 * POST /api/profile/email/confirm: uses the link's token and sets its address on the signed-in account.
 * 400 (expired or used), 403 (another account's link), 409 (address taken since) answer `{message}`.
 */
export function confirmEmailChange(token: string): Promise<CurrentUser> {
  return apiJson<CurrentUser>("POST", "/api/profile/email/confirm", { token });
}

/** Confirms, then refreshes the signed-in user and the own profile, which show the address. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: OWN_PROFILE_QUERY_KEY }),
      ]);
    },
  });
}
