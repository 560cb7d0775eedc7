import type { CurrentUser } from "@loop/rules/api-types";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { USER_QUERY_KEY } from "@/lib/auth";

/** POST /api/auth/email/verify: exchanges the mailed token for a session; 401 `{message}` when expired or used. */
export function verifyEmailLink(token: string): Promise<CurrentUser> {
  return apiJson<CurrentUser>("POST", "/api/auth/email/verify", { token });
}

export function useVerifyEmailLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailLink,
    onSuccess: async (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
