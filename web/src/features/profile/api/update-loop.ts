import type { CreatorLoop, UpdateLoopInput } from "@loop/rules/schemas/loops";
import type { MyLoopsPage } from "@loop/rules/schemas/my-loops";
import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { loopStatusQueryKey, MY_LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { LISTING_QUERY_KEYS } from "../lib/listing-query-keys";
import { loopHistoryQueryKey } from "./get-loop-history";

/** What the edit dialog sends: only the changed fields (`key: null` clears the creator's key). */
export type LoopChanges = UpdateLoopInput;

/** PATCH /api/loops/:id: changes the creator's listing; the loop as it now is. 400 `{message}` names the refused field. */
export function updateLoop({ loopId, changes }: { loopId: string; changes: LoopChanges }): Promise<CreatorLoop> {
  return apiJson<CreatorLoop>("PATCH", `/api/loops/${encodeURIComponent(loopId)}`, changes);
}

/**
 * Saves an edit: the table's row takes the answer at once (its figures kept), then the table, the
 * profiles, the catalog and the loop's history are asked again.
 */
export function useUpdateLoop() {
  const queryClient = useQueryClient();
  return useInvalidatingMutation({
    mutationFn: updateLoop,
    onSuccess: async (loop, { loopId }) => {
      queryClient.setQueryData(loopStatusQueryKey(loopId), loop);
      queryClient.setQueriesData<InfiniteData<MyLoopsPage>>({ queryKey: MY_LOOPS_QUERY_KEY }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                loops: page.loops.map((row) => (row.id === loopId ? { ...row, ...loop } : row)),
              })),
            }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: loopHistoryQueryKey(loopId) });
    },
    invalidatesOnSuccess: LISTING_QUERY_KEYS,
  });
}
