import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";

/** PUT /api/notifications/read-all → {updated}: how many were unread. */
export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return apiJson<{ updated: number }>("PUT", "/api/notifications/read-all");
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
