import type { LoopHistory } from "@loop/rules/schemas/my-loops";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";

/** One loop's history: an edit of the loop refreshes it. */
export function loopHistoryQueryKey(loopId: string) {
  return ["/api/loops", loopId, "history"] as const;
}

/** GET /api/loops/:id/history: who changed what of the creator's loop, newest first (the creator only). */
export function loopHistoryQueryOptions(loopId: string) {
  return jsonQueryOptions<LoopHistory>(loopHistoryQueryKey(loopId), `/api/loops/${encodeURIComponent(loopId)}/history`, { staleTime: 0 });
}

export function useLoopHistory(loopId: string, enabled = true) {
  return useQuery({ ...loopHistoryQueryOptions(loopId), enabled });
}
