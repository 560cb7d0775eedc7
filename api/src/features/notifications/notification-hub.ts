// Live delivery of notifications to the open event streams of this API process.
//
// The migration 20261125131000_notification_events announces every INSERT into app.notifications on
// the Postgres channel 'app_notifications', delivered when the transaction commits, whoever wrote the
// rows: each message lists users, each with the ids of their new notifications (or alone: refetch),
// so only the recipients' streams hear of it however many users a statement reached (migration
// 20261202110000_notification_recipients). The hub hears the channel through the process's one
// LISTEN connection (db/pg-listener.ts, shared with the catalog cache and the job wake-ups), keeps
// the open streams per user and hands each one its user's new notifications.
//
// Nothing is missed: a stream starts with `sync` (the client refetches the list) only once the
// listener listens on the channel, and after the listening connection was lost every stream gets
// `sync` again (the listener's `gap`).
import type { Notification } from "@loop/rules/schemas/notifications";
import type { PgListener } from "../../db/pg-listener";
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
  subscribe(userId: string, listener: HubListener): HubSubscription;
  /** Ends every stream. The shared listener stays up: its owner (main.ts, the test app) stops it. */
  stop(): Promise<void>;
  /** Open streams of this process (for tests and logs). */
  readonly streamCount: number;
}

export interface NotificationHubOptions {
  /** The process's LISTEN connection; it connects on its start() or the first stream's wait. */
  listener: PgListener;
  prisma: PrismaClient;
  logger?: Logger;
}

/** One user's part of a channel message: their new notifications' ids, or null (refetch). */
export interface Announcement {
  userId: string;
  ids: string[] | null;
}

/** A channel message: entries `<user id>:<id>,<id>,…` or `<user id>`, separated by ';' (malformed ones are skipped). */
export function parseAnnouncements(payload: string): Announcement[] {
  const announcements: Announcement[] = [];
  for (const entry of payload.split(";")) {
    const [userId, list] = entry.split(":", 2) as [string, string | undefined];
    if (!UUID.test(userId)) continue;
    announcements.push({ userId, ids: list === undefined ? null : list.split(",").filter((id) => UUID.test(id)) });
  }
  return announcements;
}

const STOPPED = "notifications: the hub is stopped";

export function createNotificationHub(options: NotificationHubOptions): NotificationHub {
  const { listener: pgListener, prisma, logger } = options;
  const streams = new Map<string, Set<HubListener>>();
  let stopped = false;
  /**
   * Set once a stream's wait ended: a gap before that is the first connection, which every stream
   * waits for anyway (and then gets its first `sync`); a gap after it is a reconnection.
   */
  let listenedBefore = false;
  /** The rejects of the streams still waiting for the listener: stop() ends their wait. */
  const waiting = new Set<(error: Error) => void>();
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

  pgListener.listen(NOTIFICATION_CHANNEL, {
    message(payload) {
      if (stopped) return;
      // Only the entries of users with a stream in this process cost anything.
      for (const announcement of parseAnnouncements(payload)) {
        if (!streams.has(announcement.userId)) continue;
        queue = queue
          .then(() => deliver(announcement))
          .catch((error: unknown) => {
            logger?.error("notifications: delivery failed; the user's streams will refetch", error);
            // Tell the affected clients to refetch: they must not miss what failed here.
            emit(streams.get(announcement.userId) ?? [], { type: "sync" });
          });
      }
    },
    gap() {
      // Messages sent while nobody listened are gone: every open stream refetches.
      if (!stopped && listenedBefore) emit(everyListener(), { type: "sync" });
    },
  });

  return {
    subscribe(userId, listener) {
      let set = streams.get(userId);
      if (!set) streams.set(userId, (set = new Set()));
      set.add(listener);
      const ready = stopped
        ? Promise.reject(new Error(STOPPED))
        : new Promise<void>((resolve, reject) => {
            waiting.add(reject);
            pgListener.ready().then(
              () => {
                waiting.delete(reject);
                listenedBefore = true;
                resolve();
              },
              (error: Error) => {
                waiting.delete(reject);
                reject(error);
              },
            );
          });
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
      emit(everyListener(), { type: "closing" });
      streams.clear();
      waiting.forEach((reject) => reject(new Error(STOPPED)));
      waiting.clear();
      await queue;
    },
    get streamCount() {
      return [...streams.values()].reduce((sum, set) => sum + set.size, 0);
    },
  };
}
