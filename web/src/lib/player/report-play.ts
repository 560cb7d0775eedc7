import type { PlayResult } from "@loop/rules/schemas/analytics";
import { apiJson } from "@/lib/api-client";

/**
 * POST /api/loops/:id/plays: tells the API that a preview of the loop played past PLAY_THRESHOLD_MS
 * (docs/decisions.md, issue 23). The server counts at most one play per listener, loop and hour.
 */
export function reportPlay(loopId: string): Promise<PlayResult> {
  return apiJson<PlayResult>("POST", `/api/loops/${encodeURIComponent(loopId)}/plays`);
}

/** Fire and forget: a play that could not be reported is not the listener's problem, nothing is shown. */
export function sendPlay(loopId: string): void {
  reportPlay(loopId).catch(() => undefined);
}
