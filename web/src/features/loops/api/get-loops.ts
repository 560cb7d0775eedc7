import type { LoopListResponse } from "@loop/rules/schemas/loops";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { throwIfResNotOk } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { type LoopFilters, loopListSearchParams } from "../lib/loop-filters";

/**
 * Every query of this feature's loop lists starts with this key: invalidate it after an upload, a
 * rating… It lives in lib because an accepted offer (the negotiations feature) refreshes the lists too.
 */
export { LOOPS_QUERY_KEY };

/** GET /api/loops: one page (`offset`, `limit`) of ready, public loops matching the filters. */
export async function getLoops(filters: LoopFilters, offset = 0, signal?: AbortSignal): Promise<LoopListResponse> {
  const res = await fetch(`/api/loops?${loopListSearchParams(filters, offset)}`, { credentials: "include", signal, headers: { Accept: "application/json" } });
  await throwIfResNotOk(res);
  return (await res.json()) as LoopListResponse;
}

/** Pages of 24 for 'Load More Loops': the next page starts where the loaded ones end, until `total`. */
export function loopsInfiniteQueryOptions(filters: LoopFilters) {
  return infiniteQueryOptions({
    queryKey: [...LOOPS_QUERY_KEY, "list", filters] as const,
    queryFn: ({ pageParam, signal }) => getLoops(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.loops.length, 0);
      return lastPage.loops.length > 0 && loaded < lastPage.total ? loaded : undefined;
    },
  });
}

export function useLoops(filters: LoopFilters) {
  return useInfiniteQuery(loopsInfiniteQueryOptions(filters));
}
