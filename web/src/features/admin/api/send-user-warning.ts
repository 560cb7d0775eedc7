import type { WarningRequest, WarningResponse } from "@loop/rules/schemas/admin-users";
import { apiJson } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { ADMIN_USERS_QUERY_KEY } from "./get-admin-users";

export type SendUserWarningInput = WarningRequest & { userId: string };

/** POST /api/admin/users/:id/warning {message, severity} → 201 the warning. */
export function sendUserWarning({ userId, message, severity }: SendUserWarningInput): Promise<WarningResponse> {
  return apiJson<WarningResponse>("POST", `/api/admin/users/${encodeURIComponent(userId)}/warning`, { message, severity });
}

export function useSendUserWarning() {
  return useInvalidatingMutation({
    mutationFn: sendUserWarning,
    // The list shows each user's number of warnings.
    invalidatesOnSettled: [ADMIN_USERS_QUERY_KEY],
  });
}
