import { NOTIFICATION_REFRESH_MS, type Notification } from "@loop/rules/schemas/notifications";
import { useQuery } from "@tanstack/react-query";
import { jsonQueryOptions } from "@/lib/json-query";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/notifications: the viewer's notifications, newest first (the server's default 50). */
export const notificationsQueryOptions = jsonQueryOptions<Notification[]>(NOTIFICATIONS_QUERY_KEY, "/api/notifications", {
  staleTime: 0,
});

/**
 * The bell's list. While the live stream is connected it keeps the cache current; otherwise the
 * list is refetched every 30 seconds (docs/product.md#notifications).
 */
export function useNotifications({ live }: { live: boolean }) {
  return useQuery({ ...notificationsQueryOptions, refetchInterval: live ? false : NOTIFICATION_REFRESH_MS });
}
