// A small in-process cache for viewer-independent catalog answers: the public part of a
// GET /api/loops page, its count, and GET /api/search answers. Entries are dropped at once when
// this process changes what those answers show (catalogChanged(), called after the commit by the
// writer that made the change: a loop edited, hidden or becoming ready, a rating, a refund or a
// counted download, a creator's new username or picture, a ban), and the change
// is announced on the Postgres channel `catalog_changed`: every API process listening
// (listenForCatalogChanges, started by the api role) drops its own entries when the announcement
// arrives, milliseconds later. Changes nobody announces (rows written straight into the database,
// or writes that do not drop it, such as a like or a sale: one every few seconds would keep the
// cache empty, docs/decisions.md "No hot rows") show within two TTLs: an answer is fresh for the
// TTL, then served once more while it is read again in the background (stale-while-revalidate, so a
// popular page never makes its readers wait), and never past 2 × TTL.
// Bounded (LRU), and concurrent misses of one key share one load (no stampede on a cold key).
//
// One cache per database client: the app's routers, its services and the audio worker all reach
// the cache of the PrismaClient they were given, so two apps on two databases (tests) never share
// answers, while everything writing to one database in this process invalidates the same cache.
import { randomUUID } from "node:crypto";
import { notify, type PgListener } from "../../db/pg-listener";
import type { PrismaClient } from "../../db/prisma";

export interface CatalogCacheOptions {
  /** false: every get() loads (CATALOG_CACHE=0). */
  enabled: boolean;
  /** How long an answer may be served after it was read (CATALOG_CACHE_TTL_MS). */
  ttlMs: number;
  /** Most answers kept; the least recently used go first. */
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  generation: number;
  /** Served as is until then; then served while a refresh runs, until expiresAt. */
  freshUntil: number;
  expiresAt: number;
}

export interface CatalogCache {
  /**
   * The cached answer for `key`, or load()'s (then kept). A failed load is not kept. `ttlScale`
   * lengthens the TTL for answers that may lag other processes longer (counts).
   */
  get<T>(key: string, load: () => Promise<T>, ttlScale?: number): Promise<T>;
  /** The catalog changed (after the change is committed): every answer read before is stale. */
  bump(): void;
  readonly generation: number;
  readonly size: number;
  readonly enabled: boolean;
}

export const DEFAULT_TTL_MS = 5_000;
export const DEFAULT_MAX_ENTRIES = 500;

export function createCatalogCache(options: CatalogCacheOptions): CatalogCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, { generation: number; promise: Promise<unknown> }>();
  let generation = 0;

  function start<T>(key: string, load: () => Promise<T>, ttlMs: number): Promise<T> {
    // The generation when the read starts: a change committed meanwhile bumps it, and this
    // answer (possibly read before the change) is then not kept.
    const startedAt = generation;
    const promise = load().then(
      (value) => {
        if (loading.get(key)?.promise === promise) loading.delete(key);
        if (generation === startedAt) {
          const time = now();
          entries.delete(key);
          entries.set(key, { value, generation: startedAt, freshUntil: time + ttlMs, expiresAt: time + 2 * ttlMs });
          while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
        }
        return value;
      },
      (error: unknown) => {
        if (loading.get(key)?.promise === promise) loading.delete(key);
        throw error;
      },
    );
    loading.set(key, { generation: startedAt, promise });
    return promise;
  }

  return {
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
    enabled: options.enabled,
    bump() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
    async get<T>(key: string, load: () => Promise<T>, ttlScale = 1): Promise<T> {
      if (!options.enabled) return load();
      const ttlMs = options.ttlMs * ttlScale;
      const entry = entries.get(key);
      const time = now();
      if (entry && entry.generation === generation && entry.expiresAt > time) {
        // Most recently used last (Map keeps insertion order).
        entries.delete(key);
        entries.set(key, entry);
        // Past its TTL: one background refresh (a failed one leaves the entry to expire).
        if (entry.freshUntil <= time && loading.get(key)?.generation !== generation) start(key, load, ttlMs).catch(() => {});
        return entry.value as T;
      }
      if (entry) entries.delete(key);
      const pending = loading.get(key);
      if (pending && pending.generation === generation) return pending.promise as Promise<T>;
      return start(key, load, ttlMs);
    },
  };
}

/**
 * CATALOG_CACHE: `1`/`0` (also true/false, on/off); unset → on, except under NODE_ENV=test (the
 * API tests write rows straight into the database between reads; the cache's own tests set it).
 * CATALOG_CACHE_TTL_MS: 0–60000, default 5000 (0 turns the cache off).
 */
export function catalogCacheOptionsFromEnv(env: Record<string, string | undefined> = process.env): CatalogCacheOptions {
  const flag = env.CATALOG_CACHE?.trim().toLowerCase();
  if (flag && !["0", "1", "true", "false", "on", "off"].includes(flag))
    throw new Error(`CATALOG_CACHE must be 1 or 0 (got "${env.CATALOG_CACHE}")`);
  const rawTtl = env.CATALOG_CACHE_TTL_MS?.trim();
  const ttlMs = rawTtl ? Number(rawTtl) : DEFAULT_TTL_MS;
  if (!/^\d{1,5}$/.test(rawTtl ?? "0") || ttlMs > 60_000)
    throw new Error(`CATALOG_CACHE_TTL_MS must be a whole number of milliseconds from 0 to 60000 (got "${rawTtl}")`);
  const enabled = flag ? ["1", "true", "on"].includes(flag) : env.NODE_ENV !== "test";
  return { enabled: enabled && ttlMs > 0, ttlMs, maxEntries: DEFAULT_MAX_ENTRIES };
}

const caches = new WeakMap<PrismaClient, CatalogCache>();

/** The catalog cache of this database client (made on first use, from the environment). */
export function catalogCache(prisma: PrismaClient): CatalogCache {
  let cache = caches.get(prisma);
  if (!cache) {
    cache = createCatalogCache(catalogCacheOptionsFromEnv());
    caches.set(prisma, cache);
  }
  return cache;
}

export const CATALOG_CHANNEL = "catalog_changed";

interface Announcer {
  /** The payload of this client's announcements: its own echo is recognised (and ignored) by it. */
  origin: string;
  sending: boolean;
  /** A change came while an announcement was on its way: one more goes after it. */
  again: boolean;
}

const announcers = new WeakMap<PrismaClient, Announcer>();

function announcerOf(prisma: PrismaClient): Announcer {
  let announcer = announcers.get(prisma);
  if (!announcer) announcers.set(prisma, (announcer = { origin: randomUUID(), sending: false, again: false }));
  return announcer;
}

/**
 * NOTIFY catalog_changed, coalesced: at most one announcement on its way per client, and one more
 * after it when changes came meanwhile (so every change is followed by an announcement sent after
 * it). Sent whether this process caches or not (a worker's loop that became ready must reach the
 * API processes). A failure only delays other processes' view to their TTL: it is not retried.
 */
function announceCatalogChange(prisma: PrismaClient): void {
  const announcer = announcerOf(prisma);
  if (announcer.sending) {
    announcer.again = true;
    return;
  }
  announcer.sending = true;
  notify(prisma, CATALOG_CHANNEL, announcer.origin)
    .catch(() => {})
    .finally(() => {
      announcer.sending = false;
      if (!announcer.again) return;
      announcer.again = false;
      announceCatalogChange(prisma);
    });
}

/**
 * After a committed change to what the catalog or search shows: here and in every API process.
 * Only such writes call it (issue 35): a loop's listing fields, visibility, status or price; its
 * ratings, refunds and counted downloads; a creator's username or picture; a ban. Everything else
 * keeps the cached answers: a profile's bio, a token transfer, a sale and a like (their counts and
 * the popular order show within the TTL; the member's own page shows theirs at once, see
 * viewer-marks.ts), a follow, an upload still processing (the worker calls it when the loop is
 * listed), a wallet linked, level and XP (search's user order).
 */
export function catalogChanged(prisma: PrismaClient): void {
  catalogCache(prisma).bump();
  announceCatalogChange(prisma);
}

/**
 * Drops this client's cached answers when another process (or another client of this one) announces
 * a change, and after the listening connection was (re)established (announcements may have been
 * missed). Its own announcements are ignored: the cache was dropped when the change was made.
 */
export function listenForCatalogChanges(listener: PgListener, prisma: PrismaClient): void {
  const cache = catalogCache(prisma);
  const { origin } = announcerOf(prisma);
  listener.listen(CATALOG_CHANNEL, {
    message: (payload) => {
      if (payload !== origin) cache.bump();
    },
    gap: () => cache.bump(),
  });
}
