import type { AdminNotificationRequest, AdminNotificationResponse } from "@loop/rules/schemas/notifications";
import { jsonCall } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";
import { AUDIT_LOG_QUERY_KEY } from "./get-audit-log";

/** POST /api/admin/notifications (the shared schema's parsed body) → to one user {recipient:"user"}, to all {recipient:"all", broadcastId}. */
export const sendAdminNotification = jsonCall<AdminNotificationRequest, AdminNotificationResponse>("POST", "/api/admin/notifications");

export function useSendAdminNotification() {
  return useInvalidatingMutation({
    mutationFn: sendAdminNotification,
    // The audit log lists it; the admin's own bell has it too when sent to all (or to themself).
    invalidatesOnSettled: [AUDIT_LOG_QUERY_KEY, NOTIFICATIONS_QUERY_KEY],
  });
}
