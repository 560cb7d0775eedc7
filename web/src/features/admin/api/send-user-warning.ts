import type { WarningResponse, WarningSeverity } from "@loop/rules/schemas/admin-users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { ADMIN_USERS_QUERY_KEY } from "./get-admin-users";

export interface SendUserWarningInput {
  userId: string;
  message: string;
  severity: WarningSeverity;
}

/** POST /api/admin/users/:id/warning {message, severity} → 201 the warning. */
export function sendUserWarning({ userId, message, severity }: SendUserWarningInput): Promise<WarningResponse> {
  return apiJson<WarningResponse>("POST", `/api/admin/users/${encodeURIComponent(userId)}/warning`, { message, severity });
}

export function useSendUserWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendUserWarning,
    // The list shows each user's number of warnings.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
