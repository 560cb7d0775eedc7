import { type QueryClient, type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";

export interface InvalidatingMutationOptions<TData, TVariables> extends UseMutationOptions<TData, Error, TVariables> {
  /**
   * Fetched again once the call has settled, whatever the answer: a refusal often means what the page
   * shows was stale. The mutation stays pending until they are fetched.
   */
  invalidatesOnSettled?: readonly QueryKey[];
  /** Fetched again after a success only (a refusal changed nothing), after `onSuccess`; pending until fetched. */
  invalidatesOnSuccess?: readonly QueryKey[];
  /** The query whose data the answer is: it takes the answer on success, before `onSuccess`. */
  answerIsDataOf?: QueryKey;
}

function invalidateAll(queryClient: QueryClient, keys: readonly QueryKey[] = []) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * `useMutation` that declares what it invalidates, so that each call's file says which queries its
 * change touches rather than how to refresh them.
 */
export function useInvalidatingMutation<TData, TVariables = void>({
  invalidatesOnSettled,
  invalidatesOnSuccess,
  answerIsDataOf,
  onSuccess,
  onSettled,
  ...options
}: InvalidatingMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: async (...args) => {
      if (answerIsDataOf) queryClient.setQueryData(answerIsDataOf, args[0]);
      await onSuccess?.(...args);
      await invalidateAll(queryClient, invalidatesOnSuccess);
    },
    onSettled: async (...args) => {
      await onSettled?.(...args);
      await invalidateAll(queryClient, invalidatesOnSettled);
    },
  });
}
