import type { RatingResult } from "@loop/rules/schemas/ratings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "./get-loops";

/** POST /api/loops/:id/ratings {rating 1..5}: rates (or re-rates) a loop the viewer bought or downloaded. */
export function rateLoop({ loopId, rating }: { loopId: string; rating: number }): Promise<RatingResult> {
  return apiJson<RatingResult>("POST", `/api/loops/${encodeURIComponent(loopId)}/ratings`, { rating });
}

export function useRateLoop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateLoop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LOOPS_QUERY_KEY }),
  });
}
