// Live delivery of notifications to the open event streams of this API process.
//
// The migration 20261125131000_notification_events announces every INSERT into app.notifications on
// the Postgres channel 'app_notifications' (one message per user of the statement, or '*' for a
// statement that reached many users), delivered when the transaction commits, whoever wrote the
// rows. One dedicated `pg` client per process LISTENs (reconnecting with backoff); the hub keeps the
// open streams per user and hands each one its user's new notifications.
//
// Nothing is missed: a stream starts with `sync` (the client refetches the list) only once the hub
// is listening, and after the listening connection was lost every stream gets `sync` again.
import pg from "pg";
import type { Notification } from "@loop/rules/schemas/notifications";
import type { PrismaClient } from "../../db/prisma";
import type { Logger } from "../../deps";
import { notificationSelect, toNotification } from "./notification-view";
import { UUID } from "../../http/uuid";

export const NOTIFICATION_CHANNEL = "app_notifications";

export type HubEvent =
  /** A new notification of the stream's user. */
  | { type: "notification"; notification: Notification }
  /** Something may have been missed (or many rows arrived at once): refetch the list. */
  | { type: "sync" }
  /** The user is banned now: end the stream. */
  | { type: "banned" }
  /** The process is shutting down: end the stream (the client reconnects elsewhere). */
  | { type: "closing" };

export type HubListener = (event: HubEvent) => void;

export interface HubSubscription {
  /** Resolves once the hub listens (at once when it already does); from then on nothing is missed. */
  listening: Promise<void>;
  unsubscribe(): void;
}

export interface NotificationHub {
  /** Connects the listening client now (otherwise the first subscription does). */
  start(): void;
  subscribe(userId: string, listener: HubListener): HubSubscription;
  /** Ends every stream and the listening client. */
  stop(): Promise<void>;
  /** Open streams of this process (for tests and logs). */
  readonly streamCount: number;
}

export interface NotificationHubOptions {
  databaseUrl: string;
  prisma: PrismaClient;
  logger?: Logger;
  /** First reconnect delay; doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/** One parsed channel message. */
type Announcement = { scope: "all" } | { scope: "user"; userId: string; ids: string[] | null };

export function parseAnnouncement(payload: string): Announcement | null {
  if (payload === "*") return { scope: "all" };
  const [userId, list] = payload.split(":", 2) as [string, string | undefined];
  if (!UUID.test(userId)) return null;
  if (list === undefined) return { scope: "user", userId, ids: null };
  const ids = list.split(",").filter((id) => UUID.test(id));
  return { scope: "user", userId, ids };
}

export function createNotificationHub(options: NotificationHubOptions): NotificationHub {
  const { databaseUrl, prisma, logger } = options;
  const minBackoffMs = options.minBackoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const streams = new Map<string, Set<HubListener>>();
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let backoffMs = minBackoffMs;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  // Announcements are handled one after another, so a user's events keep their order.
  let queue: Promise<void> = Promise.resolve();

  const emit = (listeners: Iterable<HubListener>, event: HubEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        logger?.error("notifications: a stream failed to take an event", error);
      }
    }
  };
  const everyListener = () => [...streams.values()].flatMap((set) => [...set]);

  async function deliver(announcement: Announcement): Promise<void> {
    if (announcement.scope === "all") return emit(everyListener(), { type: "sync" });
    const listeners = streams.get(announcement.userId);
    if (!listeners?.size) return;
    // Re-read the user: a ban ends the stream instead of delivering.
    const user = await prisma.user.findUnique({ where: { id: announcement.userId }, select: { isBanned: true } });
    if (!user || user.isBanned) return emit(listeners, { type: "banned" });
    if (announcement.ids === null) return emit(listeners, { type: "sync" });
    const rows = await prisma.notification.findMany({
      where: { id: { in: announcement.ids }, userId: announcement.userId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: notificationSelect,
    });
    for (const row of rows) emit(listeners, { type: "notification", notification: toNotification(row) });
  }

  function onMessage(message: pg.Notification): void {
    if (message.channel !== NOTIFICATION_CHANNEL) return;
    const announcement = parseAnnouncement(message.payload ?? "");
    if (!announcement) return;
    queue = queue
      .then(() => deliver(announcement))
      .catch((error: unknown) => {
        logger?.error("notifications: delivery failed; the user's streams will refetch", error);
        // Tell the affected clients to refetch: they must not miss what failed here.
        if (announcement.scope === "user") emit(streams.get(announcement.userId) ?? [], { type: "sync" });
      });
  }

  function dropped(from: pg.Client, error?: unknown): void {
    if (client !== from) return;
    client = null;
    const wasListening = listening;
    listening = false;
    from.removeAllListeners("notification");
    from.end().catch(() => {});
    if (stopped) return;
    if (wasListening)
      logger?.warn(`notifications: the listening connection was lost (${error instanceof Error ? error.message : "closed"}); reconnecting`);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (stopped || reconnectTimer) return;
    const delay = backoffMs;
    backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
    reconnectTimer.unref();
  }

  function connect(): void {
    // `client` is set from the start of a connection attempt until it is dropped.
    if (stopped || client) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", onMessage);
    next.on("error", (error) => dropped(next, error));
    next.on("end", () => dropped(next));
    client = next;
    next
      .connect()
      .then(() => next.query(`LISTEN ${NOTIFICATION_CHANNEL}`))
      .then(() => {
        if (client !== next || stopped) return;
        const reconnected = backoffMs !== minBackoffMs;
        listening = true;
        backoffMs = minBackoffMs;
        // Messages sent while nobody listened are gone: every open stream refetches.
        if (reconnected) emit(everyListener(), { type: "sync" });
        const ready = waiters;
        waiters = [];
        ready.forEach((waiter) => waiter.resolve());
      })
      .catch((error: unknown) => {
        logger?.warn(`notifications: cannot listen (${error instanceof Error ? error.message : String(error)}); retrying`);
        dropped(next, error);
      });
  }

  return {
    start: connect,
    subscribe(userId, listener) {
      let set = streams.get(userId);
      if (!set) streams.set(userId, (set = new Set()));
      set.add(listener);
      connect();
      const ready = stopped
        ? Promise.reject(new Error("notifications: the hub is stopped"))
        : listening
          ? Promise.resolve()
          : new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
      ready.catch(() => {});
      return {
        listening: ready,
        unsubscribe() {
          const current = streams.get(userId);
          current?.delete(listener);
          if (current?.size === 0) streams.delete(userId);
        },
      };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      emit(everyListener(), { type: "closing" });
      streams.clear();
      waiters.forEach((waiter) => waiter.reject(new Error("notifications: the hub is stopped")));
      waiters = [];
      const current = client;
      client = null;
      listening = false;
      if (current) {
        current.removeAllListeners("notification");
        await current.end().catch(() => {});
      }
      await queue;
    },
    get streamCount() {
      return [...streams.values()].reduce((sum, set) => sum + set.size, 0);
    },
  };
}
