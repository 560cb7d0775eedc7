import type { CurrentUser } from "@loop/rules/api-types";
import { apiJson } from "@/lib/api-client";
import { useUserAnswerMutation } from "@/lib/use-user-answer-mutation";

/** POST /api/auth/email/verify: exchanges the mailed token for a session; 401 `{message}` when expired or used. */
export function verifyEmailLink(token: string): Promise<CurrentUser> {
  return apiJson<CurrentUser>("POST", "/api/auth/email/verify", { token });
}

/** Signs in: the answer is the signed-in user. */
export function useVerifyEmailLink() {
  return useUserAnswerMutation(verifyEmailLink);
}
