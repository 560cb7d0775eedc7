import type { SimilarLoopsResponse } from "@loop/rules/schemas/loops";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";

/**
 * GET /api/loops/:id/similar: up to 8 ready, public loops of the same genre, near BPM and the same or
 * relative key, closest first ("Similar loops" on a loop's page, issue 36).
 */
export const similarLoopsQueryOptions = (loopId: string) =>
  jsonQueryOptions<SimilarLoopsResponse>([...LOOPS_QUERY_KEY, "similar", loopId], `/api/loops/${encodeURIComponent(loopId)}/similar`);

export function useSimilarLoops(loopId: string) {
  return useQuery(similarLoopsQueryOptions(loopId));
}
