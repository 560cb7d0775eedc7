import type { CreateNotificationRequest, Notification } from "@loop/rules/schemas/notifications";
import { jsonCall } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** POST /api/notifications → 201 Notification: a notification for oneself (the Create Notification dialog). */
export const createNotification = jsonCall<CreateNotificationRequest, Notification>("POST", "/api/notifications");

export function useCreateNotification() {
  return useInvalidatingMutation({
    mutationFn: createNotification,
    invalidatesOnSuccess: [NOTIFICATIONS_QUERY_KEY],
  });
}
