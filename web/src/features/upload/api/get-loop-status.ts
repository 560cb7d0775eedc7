import { queryOptions } from "@tanstack/react-query";
import { loopStatusQueryOptions as sharedLoopStatusQueryOptions } from "@/lib/get-loop-status";

/** How often the dialog asks whether a processing upload is done. */
export const STATUS_POLL_MS = 1500;

/** GET /api/loops/:id/status: the creator's view of their loop (processing, ready or failed); every poll asks the server. */
export function loopStatusQueryOptions(loopId: string) {
  return queryOptions({ ...sharedLoopStatusQueryOptions(loopId), staleTime: 0 });
}
