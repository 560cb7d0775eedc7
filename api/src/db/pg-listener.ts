// One Postgres LISTEN connection per process, shared by whatever in the process waits for a
// channel: the API's catalog cache (`catalog_changed`, features/loops/catalog-cache.ts), its live
// notification streams (`app_notifications`, features/notifications/notification-hub.ts) and the
// workers' wake-ups (`jobs_queued`, jobs/job-wakeups.ts). A dedicated `pg` client (LISTEN needs a
// session of its own, never a pooled connection), reconnecting with backoff when it is lost. Its
// owner (main.ts) stops it once every role that listens on it has stopped.
//
// Postgres keeps no message for a session that was not listening: after every (re)connection each
// channel's `gap` handler runs, so that its subscriber catches up (drops its cache, polls its queue,
// tells its streams to refetch).
import pg from "pg";
import { poolOf, type PrismaClient } from "./prisma";
import type { Logger } from "../deps";

export interface ChannelHandlers {
  /** A message on the channel (its payload, "" when none). */
  message(payload: string): void;
  /** Messages may have been missed: the connection was (re)established. */
  gap?(): void;
}

export interface PgListener {
  /** Connects now (otherwise the first ready() does). */
  start(): void;
  /** Handles the channel's messages from now on (LISTENs at once when connected). */
  listen(channel: string, handlers: ChannelHandlers): void;
  /** Resolves once connected and listening on every channel given so far. */
  ready(): Promise<void>;
  /** Closes the connection; no handler runs after it resolves. */
  stop(): Promise<void>;
}

export interface PgListenerOptions {
  databaseUrl: string;
  logger?: Logger;
  /** The session's application_name in pg_stat_activity (default "loop-listener"). */
  applicationName?: string;
  /** First reconnect delay; doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function createPgListener(options: PgListenerOptions): PgListener {
  const { databaseUrl, logger } = options;
  const minBackoffMs = options.minBackoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const channels = new Map<string, ChannelHandlers[]>();
  let client: pg.Client | null = null;
  /** Channels LISTENed on the current client; the client is usable once connected is true. */
  let listened = new Set<string>();
  let connected = false;
  let stopped = false;
  let backoffMs = minBackoffMs;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** LISTEN statements run one after another on the client. */
  let syncing: Promise<void> = Promise.resolve();

  const each = (run: (handlers: ChannelHandlers, channel: string) => void) => {
    for (const [channel, list] of channels)
      for (const handlers of [...list]) {
        try {
          run(handlers, channel);
        } catch (error) {
          logger?.error(`listener: a handler of ${channel} failed`, error);
        }
      }
  };
  const allListened = () => connected && [...channels.keys()].every((channel) => listened.has(channel));
  const settleWaiters = () => {
    if (!allListened()) return;
    const ready = waiters;
    waiters = [];
    ready.forEach((waiter) => waiter.resolve());
  };

  function onMessage(message: pg.Notification): void {
    for (const handlers of [...(channels.get(message.channel) ?? [])]) {
      try {
        handlers.message(message.payload ?? "");
      } catch (error) {
        logger?.error(`listener: a handler of ${message.channel} failed`, error);
      }
    }
  }

  /** LISTENs on the channels the current client does not listen on yet. */
  function sync(from: pg.Client): Promise<void> {
    syncing = syncing.then(async () => {
      for (const channel of channels.keys()) {
        if (client !== from || stopped) return;
        if (listened.has(channel)) continue;
        await from.query(`LISTEN ${channel}`);
        listened.add(channel);
      }
      settleWaiters();
    });
    // A failed LISTEN drops the connection (and reconnects); the chain goes on for the next client.
    syncing = syncing.catch((error: unknown) => dropped(from, error));
    return syncing;
  }

  function dropped(from: pg.Client, error?: unknown): void {
    if (client !== from) return;
    const wasConnected = connected;
    client = null;
    connected = false;
    listened = new Set();
    from.removeAllListeners("notification");
    from.end().catch(() => {});
    if (stopped) return;
    logger?.warn(
      `listener: ${wasConnected ? "the listening connection was lost" : "cannot listen"} (${error instanceof Error ? error.message : "closed"}); reconnecting`,
    );
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
    const next = new pg.Client({ connectionString: databaseUrl, application_name: options.applicationName ?? "loop-listener" });
    next.on("notification", onMessage);
    next.on("error", (error) => dropped(next, error));
    next.on("end", () => dropped(next));
    client = next;
    next
      .connect()
      .then(async () => {
        if (client !== next || stopped) return;
        connected = true;
        await sync(next);
        if (client !== next || stopped || !connected) return;
        backoffMs = minBackoffMs;
        // Whatever was announced before this connection listened is gone: every subscriber catches up.
        each((handlers) => handlers.gap?.());
      })
      .catch((error: unknown) => dropped(next, error));
  }

  return {
    start: connect,
    listen(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`listener: "${channel}" is not a channel name`);
      if (stopped) throw new Error("listener: stopped");
      const list = channels.get(channel);
      if (list) list.push(handlers);
      else channels.set(channel, [handlers]);
      if (client && connected) void sync(client);
    },
    ready() {
      if (stopped) return Promise.reject(new Error("listener: stopped"));
      connect();
      if (allListened()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      waiters.forEach((waiter) => waiter.reject(new Error("listener: stopped")));
      waiters = [];
      channels.clear();
      const current = client;
      client = null;
      connected = false;
      if (current) {
        current.removeAllListeners("notification");
        await current.end().catch(() => {});
      }
    },
  };
}

/**
 * NOTIFY `channel` (with `payload`) through the client's pool: delivered to every listening
 * session, this process's included. Outside a transaction, so it goes out at once.
 */
export async function notify(prisma: PrismaClient, channel: string, payload: string): Promise<void> {
  const pool = poolOf(prisma);
  if (pool) await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
  else await prisma.$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
}
