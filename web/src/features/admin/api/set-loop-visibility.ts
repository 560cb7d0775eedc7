import type { LoopVisibilityRequest } from "@loop/rules/schemas/admin-loops";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { loopSettingCall } from "./admin-setting-call";
import { ADMIN_LOOPS_QUERY_KEY } from "./get-admin-loops";

/** PUT /api/admin/loops/:id/visibility {isPublic} → the loop. */
export const setLoopVisibility = loopSettingCall<LoopVisibilityRequest>("visibility");

export function useSetLoopVisibility() {
  return useInvalidatingMutation({
    mutationFn: setLoopVisibility,
    invalidatesOnSettled: [ADMIN_LOOPS_QUERY_KEY, LOOPS_QUERY_KEY],
  });
}
