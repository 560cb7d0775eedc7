// GET /api/notifications/stream: Server-Sent Events for the signed-in user's bell.
//   event: sync           {}            refetch the list (sent first, once nothing can be missed any
//                                       more, and whenever deliveries may have been lost)
//   event: notification   <Notification> a new notification (id: its id)
//   : ping                               every HEARTBEAT_MS, so proxies keep the connection open
// A reconnecting client (Last-Event-ID or not) gets `sync` first, so it never misses a notification.
// The stream ends when the session ends, expires or its user is banned (checked on each heartbeat
// and each delivery) and when the process shuts down.
import type { Request, Response } from "express";
import type { PrismaClient } from "../../db/prisma";
import type { Logger } from "../../deps";
import type { HubEvent, NotificationHub } from "./notification-hub";

export const HEARTBEAT_MS = 25_000;
/** How long a disconnected EventSource waits before it reconnects. */
export const RETRY_MS = 5_000;

/** True while the session exists, has not expired and its user is not banned. */
async function sessionStillValid(prisma: PrismaClient, sessionId: string): Promise<boolean> {
  const session = await prisma.session.findUnique({
    where: { id: sessionId },
    select: { expiresAt: true, user: { select: { isBanned: true } } },
  });
  return session !== null && session.expiresAt.getTime() > Date.now() && !session.user.isBanned;
}

export async function openNotificationStream(
  req: Request,
  res: Response,
  deps: { prisma: PrismaClient; hub: NotificationHub; logger?: Logger | undefined; heartbeatMs?: number },
): Promise<void> {
  const { prisma, hub, logger } = deps;
  const { sessionId, user } = req.auth!;
  res.status(200);
  res.set({
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",
    Connection: "keep-alive",
  });
  res.flushHeaders();
  req.socket.setNoDelay(true);
  res.write(`retry: ${RETRY_MS}\n\n`);

  let open = true;
  const write = (text: string) => {
    if (open) res.write(text);
  };
  const send = (event: string, data: unknown, id?: string) =>
    write(`${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  const subscription = hub.subscribe(user.id, (event: HubEvent) => {
    switch (event.type) {
      case "notification":
        send("notification", event.notification, event.notification.id);
        return;
      case "sync":
        send("sync", {});
        return;
      case "banned":
      case "closing":
        close();
        return;
    }
  });
  const heartbeat = setInterval(() => {
    sessionStillValid(prisma, sessionId)
      .then((valid) => (valid ? write(": ping\n\n") : close()))
      .catch((error: unknown) => {
        logger?.error("notifications: stream session check failed", error);
        write(": ping\n\n");
      });
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  function close(): void {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    subscription.unsubscribe();
    res.end();
  }
  res.on("close", close);

  try {
    await subscription.listening;
  } catch {
    close();
    return;
  }
  send("sync", {});
}
