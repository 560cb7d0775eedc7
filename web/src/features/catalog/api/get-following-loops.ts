import type { LoopListResponse } from "@loop/rules/schemas/loops";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { cursorPaging } from "@/lib/infinite-paging";
import { apiJson } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { PAGE_SIZE } from "../lib/loop-filters";

/** GET /api/loops?following=true: new loops of the creators the member follows, newest first (401 signed out). */
export function getFollowingLoops(after: string | null, signal?: AbortSignal): Promise<LoopListResponse> {
  const params = new URLSearchParams({ following: "true", sortBy: "recent", limit: String(PAGE_SIZE) });
  if (after) params.set("after", after);
  return apiJson<LoopListResponse>("GET", `/api/loops?${params}`, undefined, { signal });
}

/** Pages of 24 by cursor, like the catalog; asked again at each visit (new uploads, new follows). */
export function followingLoopsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...LOOPS_QUERY_KEY, "following"] as const,
    queryFn: ({ pageParam, signal }) => getFollowingLoops(pageParam, signal),
    ...cursorPaging(),
    staleTime: 0,
  });
}

export function useFollowingLoops() {
  return useInfiniteQuery(followingLoopsInfiniteQueryOptions());
}
