import { useQuery } from "@tanstack/react-query";
import { loopStatusQueryOptions } from "@/lib/get-loop-status";

/** GET /api/loops/:id/status (shared with the upload dialog): the creator's view of their loop, with the reason a processing failed. */
export function useLoopStatus(loopId: string) {
  return useQuery(loopStatusQueryOptions(loopId));
}
