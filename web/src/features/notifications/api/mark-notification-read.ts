import type { Notification } from "@loop/rules/schemas/notifications";
import { apiJson } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";
import { useInvalidatingMutation } from "@/lib/use-invalidating-mutation";

/** PUT /api/notifications/:id/read → the notification, read. */
export function markNotificationRead(id: string): Promise<Notification> {
  return apiJson<Notification>("PUT", `/api/notifications/${encodeURIComponent(id)}/read`);
}

/** Marks one read, then refetches the list (docs/product.md#notifications). */
export function useMarkNotificationRead() {
  return useInvalidatingMutation({
    mutationFn: markNotificationRead,
    invalidatesOnSettled: [NOTIFICATIONS_QUERY_KEY],
  });
}
