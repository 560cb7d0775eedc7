import type { CurrentUser } from "@loop/rules/api-types";
import { apiJson } from "@/lib/api-client";
import { useUserAnswerMutation } from "@/lib/use-user-answer-mutation";
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
  return useUserAnswerMutation(confirmEmailChange, [OWN_PROFILE_QUERY_KEY]);
}
