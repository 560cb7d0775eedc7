import type { Notification } from "@loop/rules/schemas/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";

/** PUT /api/notifications/:id/read → the notification, read. */
export function markNotificationRead(id: string): Promise<Notification> {
  return apiJson<Notification>("PUT", `/api/notifications/${encodeURIComponent(id)}/read`);
}

/** Marks one read, then refetches the list (docs/product.md#notifications). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
