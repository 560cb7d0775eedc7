import type { LoopListResponse } from "@loop/rules/schemas/loops";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { cursorPaging } from "@/lib/infinite-paging";
import { apiJson } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { type LoopFilters, loopListSearchParams } from "../lib/loop-filters";

/**
 * GET /api/loops: one page of ready, public loops matching the filters and the search page's text
 * (the first page, or the one `after` a cursor).
 */
export function getLoops(
  filters: LoopFilters,
  after: string | null = null,
  signal?: AbortSignal,
  search: string | null = null,
): Promise<LoopListResponse> {
  return apiJson<LoopListResponse>("GET", `/api/loops?${loopListSearchParams(filters, after, undefined, search)}`, undefined, { signal });
}

/**
 * Pages of 24 for 'Load More Loops': each next page is the one after the last page's cursor
 * (keyset paging: no loop twice or skipped when loops are added meanwhile, and as cheap deep in the
 * list as on top), until the server gives no cursor.
 */
export function loopsInfiniteQueryOptions(filters: LoopFilters, search: string | null = null) {
  return infiniteQueryOptions({
    queryKey: [...LOOPS_QUERY_KEY, "list", filters, search] as const,
    queryFn: ({ pageParam, signal }) => getLoops(filters, pageParam, signal, search),
    ...cursorPaging(),
  });
}

export function useLoops(filters: LoopFilters, search: string | null = null) {
  return useInfiniteQuery(loopsInfiniteQueryOptions(filters, search));
}
