import type { AdminNotificationResponse, NotificationType } from "@loop/rules/schemas/notifications";
import { apiJson } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
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
  return useInvalidatingMutation({
    mutationFn: sendAdminNotification,
    // The audit log lists it; the admin's own bell has it too when sent to all (or to themself).
    invalidatesOnSettled: [AUDIT_LOG_QUERY_KEY, NOTIFICATIONS_QUERY_KEY],
  });
}
