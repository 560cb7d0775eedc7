import type { PublicLoop } from "@loop/rules/schemas/loops";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { takeEmbeddedLoop } from "../lib/embedded-loop";

/** One loop's key: under LOOPS_QUERY_KEY, so whatever refreshes the lists (a purchase, a rating) refreshes it too. */
export const loopQueryKey = (loopId: string) => [...LOOPS_QUERY_KEY, "detail", loopId] as const;

/**
 * GET /api/loops/:id: one loop as the viewer sees it (a loop's page, issue 36); 404 when it does not
 * exist or the viewer may not see it (hidden, someone else's private loop). The first visit starts
 * from the loop the page's HTML carries, when it has one (lib/embedded-loop.ts): no request then.
 */
export const loopQueryOptions = (loopId: string) =>
  jsonQueryOptions<PublicLoop>(loopQueryKey(loopId), `/api/loops/${encodeURIComponent(loopId)}`, {
    initialData: () => takeEmbeddedLoop(loopId),
    // A signed-in member's own copy replaces the HTML's even when it is equal: the page knows it by
    // the object (isEmbeddedLoop), which structural sharing would otherwise keep.
    structuralSharing: false,
  });

export function useLoop(loopId: string) {
  return useQuery(loopQueryOptions(loopId));
}
