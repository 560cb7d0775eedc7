import type { CreatorLoop } from "@loop/rules/schemas/loops";
import { useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { loopStatusQueryKey, MY_LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** POST /api/loops/:id/retry: processes a failed upload again; the loop, processing. 400 for a loop that did not fail. */
export function retryLoop(loopId: string): Promise<CreatorLoop> {
  return apiJson<CreatorLoop>("POST", `/api/loops/${encodeURIComponent(loopId)}/retry`);
}

/** Retries, then refreshes the table (which then polls until the row is ready or failed again). */
export function useRetryLoop() {
  const queryClient = useQueryClient();
  return useInvalidatingMutation({
    mutationFn: retryLoop,
    onSuccess: (loop, loopId) => {
      queryClient.setQueryData(loopStatusQueryKey(loopId), loop);
    },
    invalidatesOnSettled: [MY_LOOPS_QUERY_KEY],
  });
}
