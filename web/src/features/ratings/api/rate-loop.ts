import type { RatingResult } from "@loop/rules/schemas/ratings";
import { apiJson } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** POST /api/loops/:id/ratings {rating 1..5}: rates (or re-rates) a loop the viewer bought or downloaded. */
export function rateLoop({ loopId, rating }: { loopId: string; rating: number }): Promise<RatingResult> {
  return apiJson<RatingResult>("POST", `/api/loops/${encodeURIComponent(loopId)}/ratings`, { rating });
}

export function useRateLoop() {
  return useInvalidatingMutation({
    mutationFn: rateLoop,
    invalidatesOnSuccess: [LOOPS_QUERY_KEY],
  });
}
