import { LOOP_LIST_DEFAULT_LIMIT } from "@loop/rules/catalog";
import type { LoopListResponse } from "@loop/rules/schemas/loops";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { cursorPaging } from "@/lib/infinite-paging";
import { apiJson, withSearchParams } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/loops?userId=&sortBy=recent: one page of a creator's ready, public loops, newest first (the first, or the one `after` a cursor). */
export function getUserLoops(userId: string, after: string | null, signal?: AbortSignal): Promise<LoopListResponse> {
  const path = withSearchParams("/api/loops", { userId, sortBy: "recent", limit: LOOP_LIST_DEFAULT_LIMIT, after: after ?? undefined });
  return apiJson<LoopListResponse>("GET", path, undefined, { signal });
}

/**
 * A public profile's loops, 24 at a time by cursor for "Load More Loops", past the 100 the profile
 * call gives; under LOOPS_QUERY_KEY, so whatever refreshes the catalog (an edit, a purchase) refreshes them.
 */
export function userLoopsInfiniteQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...LOOPS_QUERY_KEY, "user", userId] as const,
    queryFn: ({ pageParam, signal }) => getUserLoops(userId, pageParam, signal),
    ...cursorPaging(),
  });
}

export function useUserLoops(userId: string) {
  return useInfiniteQuery(userLoopsInfiniteQueryOptions(userId));
}
