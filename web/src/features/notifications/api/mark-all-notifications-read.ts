import { apiJson } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** PUT /api/notifications/read-all → {updated}: how many were unread. */
export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return apiJson<{ updated: number }>("PUT", "/api/notifications/read-all");
}

export function useMarkAllNotificationsRead() {
  return useInvalidatingMutation({
    mutationFn: markAllNotificationsRead,
    invalidatesOnSettled: [NOTIFICATIONS_QUERY_KEY],
  });
}
