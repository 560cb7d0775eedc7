import type { AdminLoop } from "@loop/rules/schemas/admin-loops";
import { apiJson } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { ADMIN_LOOPS_QUERY_KEY } from "./get-admin-loops";

export interface SetLoopModerationInput {
  loopId: string;
  hidden: boolean;
  /** Required to hide (the creator is told it); ignored to restore. */
  reason: string | null;
}

/** PUT /api/admin/loops/:id/moderation {hidden, reason} → the loop (hidden: status 'hidden'). */
export function setLoopModeration({ loopId, hidden, reason }: SetLoopModerationInput): Promise<AdminLoop> {
  return apiJson<AdminLoop>("PUT", `/api/admin/loops/${encodeURIComponent(loopId)}/moderation`, { hidden, reason });
}

export function useSetLoopModeration() {
  return useInvalidatingMutation({
    mutationFn: setLoopModeration,
    invalidatesOnSettled: [ADMIN_LOOPS_QUERY_KEY, LOOPS_QUERY_KEY],
  });
}
