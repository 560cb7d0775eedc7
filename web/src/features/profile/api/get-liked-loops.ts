import { LIKED_PAGE_DEFAULT_LIMIT, type LikedLoopsResponse } from "@loop/rules/schemas/likes";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { offsetPaging } from "@/lib/infinite-paging";
import { apiJson } from "@/lib/api-client";
import { LIKED_LOOPS_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/likes?limit&offset: the signed-in member's liked loops, the latest liked first (401 signed out). */
export function getLikedLoops(offset: number, signal?: AbortSignal): Promise<LikedLoopsResponse> {
  const params = new URLSearchParams({ limit: String(LIKED_PAGE_DEFAULT_LIMIT), offset: String(offset) });
  return apiJson<LikedLoopsResponse>("GET", `/api/likes?${params}`, undefined, { signal });
}

/** Pages of 24 for 'Load More Loops'; a like or an unlike on any card refreshes them. */
export function likedLoopsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: LIKED_LOOPS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getLikedLoops(pageParam, signal),
    ...offsetPaging(),
    staleTime: 0,
  });
}

export function useLikedLoops() {
  return useInfiniteQuery(likedLoopsInfiniteQueryOptions());
}
