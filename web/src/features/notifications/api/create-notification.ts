import type { CreateNotificationRequest, Notification } from "@loop/rules/schemas/notifications";
import { apiJson } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** POST /api/notifications → 201 Notification: a notification for oneself (the Create Notification dialog). */
export function createNotification(body: CreateNotificationRequest): Promise<Notification> {
  return apiJson<Notification>("POST", "/api/notifications", body);
}

export function useCreateNotification() {
  return useInvalidatingMutation({
    mutationFn: createNotification,
    invalidatesOnSuccess: [NOTIFICATIONS_QUERY_KEY],
  });
}
