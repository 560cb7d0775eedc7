import type { AdminLoop } from "@loop/rules/schemas/admin-loops";
import { apiJson } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { ADMIN_LOOPS_QUERY_KEY } from "./get-admin-loops";

export interface SetLoopVisibilityInput {
  loopId: string;
  isPublic: boolean;
}

/** PUT /api/admin/loops/:id/visibility {isPublic} → the loop. */
export function setLoopVisibility({ loopId, isPublic }: SetLoopVisibilityInput): Promise<AdminLoop> {
  return apiJson<AdminLoop>("PUT", `/api/admin/loops/${encodeURIComponent(loopId)}/visibility`, { isPublic });
}

export function useSetLoopVisibility() {
  return useInvalidatingMutation({
    mutationFn: setLoopVisibility,
    invalidatesOnSettled: [ADMIN_LOOPS_QUERY_KEY, LOOPS_QUERY_KEY],
  });
}
