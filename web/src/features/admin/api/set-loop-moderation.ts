import type { LoopModerationRequestInput } from "@loop/rules/schemas/admin-loops";
import { LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { loopSettingCall } from "./admin-setting-call";
import { ADMIN_LOOPS_QUERY_KEY } from "./get-admin-loops";

/** PUT /api/admin/loops/:id/moderation {hidden, reason} → the loop (hidden: status 'hidden'); the reason is required to hide (the creator is told it), ignored to restore. */
export const setLoopModeration = loopSettingCall<LoopModerationRequestInput>("moderation");

export function useSetLoopModeration() {
  return useInvalidatingMutation({
    mutationFn: setLoopModeration,
    invalidatesOnSettled: [ADMIN_LOOPS_QUERY_KEY, LOOPS_QUERY_KEY],
  });
}
