import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";

/** The mutation key of a loop's purchase: the dialog asks `useIsMutating` whether one is under way. */
export const purchaseMutationKey = (loopId: string) => ["purchases", loopId] as const;

/**
 * A way to pay as the loop's purchase mutation (under `purchaseMutationKey`, so the dialog locks the
 * format and the tabs while it runs). Afterwards the loop lists (the card turns to Download) and
 * `alsoRefresh` are fetched again, whatever the answer (a refusal often means they were stale); the
 * mutation does not wait for them.
 */
export function usePurchaseMutation<TVariables, TData>(
  loopId: string,
  mutationFn: (variables: TVariables) => Promise<TData>,
  alsoRefresh: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchaseMutationKey(loopId),
    mutationFn,
    onSettled: () => {
      for (const queryKey of [LOOPS_QUERY_KEY, ...alsoRefresh]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
