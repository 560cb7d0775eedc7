import { UNREAD_BADGE_MAX, type Notification } from "@loop/rules/schemas/notifications";
import { Bell, CheckCheck } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { useNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { actionTarget, openInNewTab } from "../lib/action-url";
import { useNotificationStream } from "../lib/use-notification-stream";
import { NotificationItem } from "./notification-item";

/** The badge text: the count up to 9, then "9+" (docs/product.md#notifications). */
export function unreadBadgeText(unread: number): string {
  return unread > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(unread);
}

/**
 * The top bar's bell (docs/product.md#notifications, docs/product.md#notifications): unread badge, the list newest first, mark one read by clicking
 * it, Mark all as read, and each notification's button. Live through the event stream; polled
 * every 30 s while the stream is not connected. Only rendered for a signed-in user.
 */
export function NotificationBell() {
  const live = useNotificationStream(true);
  const { data, isPending, isError } = useNotifications({ live });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const countId = useId();

  const notifications = data ?? [];
  const unread = notifications.filter((notification) => !notification.isRead).length;

  const read = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
  };
  const act = (notification: Notification) => {
    read(notification);
    const target = actionTarget(notification.actionUrl);
    if (!target) return;
    if (target.kind === "external") {
      openInNewTab(target.url);
      return;
    }
    setOpen(false);
    void navigate(target.path);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          // The badge's text is part of the name (a name must contain what is seen: "Notifications, 9+ unread"); the exact count is its description.
          aria-label={unread > 0 ? `Notifications, ${unreadBadgeText(unread)} unread` : "Notifications"}
          aria-describedby={countId}
          className="relative"
        >
          <Bell aria-hidden />
          <span id={countId} className="sr-only">
            {unread === 0 ? "No unread notifications" : `${unread} unread`}
          </span>
          {unread > 0 ? (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute -top-1 -right-1 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-accent px-1 text-[10px] leading-none font-bold text-white shadow"
            >
              {unreadBadgeText(unread)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="w-[min(22rem,calc(100vw-2rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
          <Button
            variant="ghost"
            size="sm"
            className="h-8 text-xs"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            <CheckCheck aria-hidden />
            Mark all as read
          </Button>
        </div>
        {isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : isError && notifications.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">
            Notifications could not be loaded. We will try again shortly.
          </p>
        ) : notifications.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">You're all caught up: no notifications yet.</p>
        ) : (
          <ul aria-label="Notification list" className="max-h-[min(28rem,70dvh)] divide-y divide-border overflow-y-auto">
            {notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onRead={read} onAction={act} />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
