import { NOTIFICATION_REFRESH_MS, type Notification } from "@loop/rules/schemas/notifications";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/notifications: the viewer's notifications, newest first (the server's default 50). */
export function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return apiJson<Notification[]>("GET", "/api/notifications", undefined, { signal });
}

export const notificationsQueryOptions = queryOptions({
  queryKey: NOTIFICATIONS_QUERY_KEY,
  queryFn: ({ signal }) => getNotifications(signal),
  staleTime: 0,
});

/**
 * The bell's list. While the live stream is connected it keeps the cache current; otherwise the
 * list is refetched every 30 seconds (docs/product.md#notifications).
 */
export function useNotifications({ live }: { live: boolean }) {
  return useQuery({ ...notificationsQueryOptions, refetchInterval: live ? false : NOTIFICATION_REFRESH_MS });
}
