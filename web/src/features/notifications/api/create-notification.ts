import type { CreateNotificationRequest, Notification } from "@loop/rules/schemas/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";

/** POST /api/notifications → 201 Notification: a notification for oneself (the Create Notification dialog). */
export function createNotification(body: CreateNotificationRequest): Promise<Notification> {
  return apiJson<Notification>("POST", "/api/notifications", body);
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
