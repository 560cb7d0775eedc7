import type { CurrentUser } from "@loop/rules/api-types";
import type { QueryKey } from "@tanstack/react-query";
import { USER_QUERY_KEY } from "./auth";
import { useInvalidatingMutation } from "./use-invalidating-mutation";

/**
 * A call whose answer is the signed-in user (an e-mail sign-in, a confirmed address): the answer
 * replaces the cached user, then the user (and `alsoRefresh`) are fetched again.
 */
export function useUserAnswerMutation<V>(mutationFn: (variables: V) => Promise<CurrentUser>, alsoRefresh: readonly QueryKey[] = []) {
  return useInvalidatingMutation({
    mutationFn,
    answerIsDataOf: USER_QUERY_KEY,
    invalidatesOnSuccess: [USER_QUERY_KEY, ...alsoRefresh],
  });
}
