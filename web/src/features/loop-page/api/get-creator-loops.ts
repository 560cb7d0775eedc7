import type { LoopListResponse } from "@loop/rules/schemas/loops";
import { useQuery } from "@tanstack/react-query";
import { withSearchParams } from "@/lib/api-client";
import { jsonQueryOptions } from "@/lib/json-query";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";

/** How many of a creator's loops "More from this creator" shows (the page's own loop is left out of one more). */
export const CREATOR_LOOPS_SHOWN = 8;

/**
 * GET /api/loops?userId=: a creator's most popular public loops, one more than shown, so that
 * leaving out the loop whose page this is still leaves CREATOR_LOOPS_SHOWN ("More from this creator", issue 36).
 */
export const creatorLoopsQueryOptions = (userId: string) =>
  jsonQueryOptions<LoopListResponse>(
    [...LOOPS_QUERY_KEY, "creator", userId],
    withSearchParams("/api/loops", { userId, sortBy: "popular", limit: CREATOR_LOOPS_SHOWN + 1 }),
  );

export function useCreatorLoops(userId: string) {
  return useQuery(creatorLoopsQueryOptions(userId));
}
