import type { CreatorLoop } from "@loop/rules/schemas/loops";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api-client";

/** How often the dialog asks whether a processing upload is done. */
export const STATUS_POLL_MS = 1500;

/** GET /api/loops/:id/status: the creator's view of their loop (processing, ready or failed). */
export function loopStatusQueryOptions(loopId: string) {
  return queryOptions({
    queryKey: ["/api/loops", loopId, "status"] as const,
    queryFn: getQueryFn<CreatorLoop>({ on401: "throw" }),
    staleTime: 0,
  });
}
