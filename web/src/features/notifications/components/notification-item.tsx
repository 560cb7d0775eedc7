import type { Notification, NotificationType } from "@loop/rules/schemas/notifications";
import { CircleCheck, CircleX, ExternalLink, Info, TriangleAlert, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { actionTarget } from "../lib/action-url";
import { ageLabel } from "../lib/age-label";

const TYPE_STYLE: Record<NotificationType, { icon: LucideIcon; className: string; label: string }> = {
  success: { icon: CircleCheck, className: "text-emerald-400", label: "Success" },
  warning: { icon: TriangleAlert, className: "text-amber-400", label: "Warning" },
  error: { icon: CircleX, className: "text-rose-400", label: "Error" },
  info: { icon: Info, className: "text-sky-400", label: "Info" },
};

export interface NotificationItemProps {
  notification: Notification;
  /** Clicking the notification: marks it read when it is unread. */
  onRead: (notification: Notification) => void;
  /** Its button: marks it read and opens the action URL. */
  onAction: (notification: Notification) => void;
  now?: number;
}

export function NotificationItem({ notification, onRead, onAction, now }: NotificationItemProps) {
  // docs/product.md#notifications: success, warning, error; anything else shows as info.
  const style = TYPE_STYLE[notification.type] ?? TYPE_STYLE.info;
  const Icon = style.icon;
  const target = actionTarget(notification.actionUrl);
  const unread = !notification.isRead;
  return (
    <li data-testid="notification" data-unread={unread} className={cn("relative", unread && "bg-primary/10")}>
      <button
        type="button"
        onClick={() => onRead(notification)}
        className="flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none"
      >
        <Icon role="img" className={cn("mt-0.5 size-5 shrink-0", style.className)} aria-label={style.label} />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-start justify-between gap-2">
            <span className={cn("text-sm break-words", unread ? "font-semibold text-foreground" : "font-medium text-foreground/85")}>
              {notification.title}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">{ageLabel(notification.createdAt, now)}</span>
          </span>
          <span className={cn("text-sm break-words", unread ? "text-foreground/90" : "text-muted-foreground")}>{notification.message}</span>
          {unread ? <span className="sr-only">Unread</span> : null}
        </span>
        {unread ? <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-accent" /> : null}
      </button>
      {target ? (
        <div className="px-4 pb-3 pl-12">
          <Button variant="outline" size="sm" className="h-8 text-xs" onClick={() => onAction(notification)}>
            {notification.actionText ?? "Open"}
            {target.kind === "external" ? <ExternalLink aria-hidden /> : null}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
