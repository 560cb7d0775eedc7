import type { CreatorLoop } from "@loop/rules/schemas/loops";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

/** GET /api/loops/:id/status: the creator's view of their loop, with the reason a processing failed. */
export function loopStatusQueryOptions(loopId: string) {
  return queryOptions({
    queryKey: ["/api/loops", loopId, "status"] as const,
    queryFn: getQueryFn<CreatorLoop>({ on401: "throw" }),
  });
}

export function useLoopStatus(loopId: string) {
  return useQuery(loopStatusQueryOptions(loopId));
}
