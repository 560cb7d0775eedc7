import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** The answer of GET /api/loops/:id/peaks (`loopPeaksSchema` in @loop/rules): `points` pairs of [min, max] in -1..1. */
export interface LoopPeaks {
  points: number;
  peaks: number[][];
}

/** GET /api/loops/:id/peaks: the stored waveform ([min, max] pairs), so the browser never decodes audio to draw it. */
export function getLoopPeaks(peaksUrl: string, signal?: AbortSignal): Promise<LoopPeaks> {
  return apiJson<LoopPeaks>("GET", peaksUrl, undefined, { signal });
}

/** Peaks never change once made: their key is outside ["loops"], so refreshing lists does not refetch them. */
export function loopPeaksQueryOptions(loopId: string, peaksUrl: string) {
  return queryOptions({
    queryKey: ["loop-peaks", loopId] as const,
    queryFn: ({ signal }) => getLoopPeaks(peaksUrl, signal),
  });
}

export function useLoopPeaks(loopId: string, peaksUrl: string | null) {
  return useQuery({ ...loopPeaksQueryOptions(loopId, peaksUrl ?? ""), enabled: peaksUrl !== null });
}
