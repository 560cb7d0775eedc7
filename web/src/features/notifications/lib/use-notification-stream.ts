import { notificationSchema, type Notification } from "@loop/rules/schemas/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { NOTIFICATIONS_QUERY_KEY } from "@/lib/query-keys";

export const NOTIFICATION_STREAM_URL = "/api/notifications/stream";
/** The list the bell keeps (the server's default page). */
const KEPT = 50;

/**
 * The live stream (GET /api/notifications/stream, Server-Sent Events): `sync` refetches the list
 * (sent first on every (re)connection, so nothing is missed), `notification` puts the new one on
 * top of the cached list at once. Returns whether it is connected; while it is not, the list polls.
 * Closed on unmount (sign-out unmounts the bell).
 */
export function useNotificationStream(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(NOTIFICATION_STREAM_URL, { withCredentials: true });
    const onSync = () => {
      setConnected(true);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    };
    const onNotification = (event: MessageEvent<string>) => {
      let notification: Notification;
      try {
        notification = notificationSchema.parse(JSON.parse(event.data));
      } catch {
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
        return;
      }
      queryClient.setQueryData<Notification[]>(NOTIFICATIONS_QUERY_KEY, (list) =>
        list ? [notification, ...list.filter((item) => item.id !== notification.id)].slice(0, KEPT) : list,
      );
      // Nothing cached yet: fetch the list (it has the new one).
      if (!queryClient.getQueryData(NOTIFICATIONS_QUERY_KEY)) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    };
    // The browser reconnects by itself (and the server's first `sync` marks it connected again).
    const onError = () => setConnected(false);
    source.addEventListener("sync", onSync);
    source.addEventListener("notification", onNotification as EventListener);
    source.addEventListener("error", onError);
    return () => {
      source.removeEventListener("sync", onSync);
      source.removeEventListener("notification", onNotification as EventListener);
      source.removeEventListener("error", onError);
      source.close();
      setConnected(false);
    };
  }, [enabled, queryClient]);

  return connected;
}
