import type { AdminNotificationResponse, NotificationType } from "@loop/rules/schemas/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";
import { AUDIT_LOG_QUERY_KEY } from "./get-audit-log";

export interface SendAdminNotificationInput {
  /** A user id, or "all". */
  userId: string;
  title: string;
  message: string;
  type: NotificationType;
  actionUrl?: string;
  actionText?: string;
}

/** POST /api/admin/notifications → to one user {recipient:"user"}, to all {recipient:"all", broadcastId}. */
export function sendAdminNotification(body: SendAdminNotificationInput): Promise<AdminNotificationResponse> {
  return apiJson<AdminNotificationResponse>("POST", "/api/admin/notifications", body);
}

export function useSendAdminNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAdminNotification,
    // The audit log lists it; the admin's own bell has it too when sent to all (or to themself).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: AUDIT_LOG_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
      ]),
  });
}
