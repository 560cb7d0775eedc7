import type { CreatorLoop } from "@loop/rules/schemas/loops";
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "./api-client";
import { loopStatusQueryKey } from "./query-keys";

/** GET /api/loops/:id/status: the creator's view of their loop (processing, ready or failed, with the reason a processing failed). */
export function getLoopStatus(loopId: string, signal?: AbortSignal): Promise<CreatorLoop> {
  return apiJson<CreatorLoop>("GET", `/api/loops/${encodeURIComponent(loopId)}/status`, undefined, { signal });
}

/** One loop's status: the profile shows why an upload failed; the upload dialog fills it with the upload's answer and polls it. */
export function loopStatusQueryOptions(loopId: string) {
  return queryOptions({
    queryKey: loopStatusQueryKey(loopId),
    queryFn: ({ signal }) => getLoopStatus(loopId, signal),
  });
}
