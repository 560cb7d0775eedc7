import { queryOptions, useQuery } from "@tanstack/react-query";
import { throwIfResNotOk } from "@/lib/api-client";

/** The answer of GET /api/loops/:id/peaks (`loopPeaksSchema` in @loop/rules): `points` pairs of [min, max] in -1..1. */
export interface LoopPeaks {
  points: number;
  peaks: number[][];
}

/** GET /api/loops/:id/peaks: the stored waveform ([min, max] pairs), so the browser never decodes audio to draw it. */
export async function getLoopPeaks(peaksUrl: string, signal?: AbortSignal): Promise<LoopPeaks> {
  const res = await fetch(peaksUrl, { credentials: "include", signal, headers: { Accept: "application/json" } });
  await throwIfResNotOk(res);
  return (await res.json()) as LoopPeaks;
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
