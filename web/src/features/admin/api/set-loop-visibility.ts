import type { AdminLoop } from "@loop/rules/schemas/admin-loops";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLoopVisibility,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_LOOPS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: LOOPS_QUERY_KEY }),
      ]),
  });
}
