// What a signed-in member's catalog pages need of the member, kept per process: the session (the
// hot path's, features/auth/session-cache.ts) and the member's own marks (features/loops/
// viewer-marks.ts). Triggers announce the member's id on the channel `member_changed` at the commit
// of every write that changes any of it (migration 20261207090000_member_changed); each process
// drops that member's entries when the announcement arrives. docs/decisions.md, "A member's page
// costs a visitor's".
//
// Two channels: `member_changed` for who the member is (sessions, e-mail, ban), which drops every
// entry of the member, and `member_marks_changed` for their marks (likes, ratings, downloads,
// purchases), which drops only the caches that hold marks (migration
// 20261211090000_member_marks_changed): a purchase leaves the member's kept session alone.
//
// Entries are kept only while the process hears every announcement: from the listening
// connection's first (re)connection on, when everything kept before is dropped (a gap). A
// connection lost and not yet back may miss some, so no entry is served past its maximum age.
import type { PgListener } from "./pg-listener";
import type { PrismaClient } from "./prisma";

export const MEMBER_CHANNEL = "member_changed";
export const MEMBER_MARKS_CHANNEL = "member_marks_changed";
const CHANNELS = [MEMBER_CHANNEL, MEMBER_MARKS_CHANNEL] as const;

interface Droppable {
  dropMember(userId: string): void;
  clear(): void;
  /** Also dropped by a change of the member's marks. */
  holdsMarks: boolean;
}

interface Feed {
  /** True once both channels are listened on; every change since is heard (or dropped all by a gap). */
  heard: boolean;
  /** The channels listened on so far. */
  listened: Set<string>;
  caches: Set<Droppable>;
}

const feeds = new WeakMap<PrismaClient, Feed>();

function feedOf(prisma: PrismaClient): Feed {
  let feed = feeds.get(prisma);
  if (!feed) feeds.set(prisma, (feed = { heard: false, listened: new Set(), caches: new Set() }));
  return feed;
}

/** Drops this client's member entries when a member changes, and all of them after a gap. */
export function listenForMemberChanges(listener: PgListener, prisma: PrismaClient): void {
  const feed = feedOf(prisma);
  for (const channel of CHANNELS) {
    const marksOnly = channel === MEMBER_MARKS_CHANNEL;
    listener.listen(channel, {
      message: (userId) => {
        for (const cache of feed.caches) if (!marksOnly || cache.holdsMarks) cache.dropMember(userId);
      },
      gap: () => {
        for (const cache of feed.caches) cache.clear();
        feed.listened.add(channel);
        feed.heard = feed.listened.size === CHANNELS.length;
      },
    });
  }
}

export interface MemberCacheOptions<T> {
  /** Most entries kept; the least recently used go first. */
  maxEntries: number;
  /** No entry is served older than this (a lost listening connection may have missed a change). */
  maxAgeMs: number;
  /** Dropped by a change of the member's marks as well (member_marks_changed), not only of who they are. */
  holdsMarks: boolean;
  /** Told of each entry a member's change drops (viewer-marks.ts diffs the next load against it). */
  dropped?: (userId: string, value: T) => void;
  now?: () => number;
}

/** What a load found: the value, and the member it belongs to (null: nothing to keep, e.g. an unknown session). */
export interface MemberLoad<T> {
  value: T;
  userId: string | null;
}

export interface MemberCache<T> {
  /** The kept value for `key`, or load()'s (kept when the process hears the member's changes). */
  get(key: string, load: () => Promise<MemberLoad<T>>): Promise<T>;
  /** The kept value for `key`, or undefined: what get() would answer without loading, at once (the hot path's hit). */
  peek(key: string): T | undefined;
  dropMember(userId: string): void;
  clear(): void;
  readonly size: number;
}

interface Entry<T> {
  value: T;
  userId: string;
  loadedAt: number;
  /** When it was last moved to the most recently used end (peek). */
  usedAt: number;
}

/**
 * An entry used again within this time keeps its place: a member's every page would otherwise move
 * it (a Map delete and insert per hit, the cache's costliest step), for an order the bound needs only
 * roughly.
 */
const REORDER_AFTER_MS = 1_000;

/** Members whose last drop a cache remembers, for the loads still running (a few milliseconds' worth). */
const MAX_REMEMBERED_DROPS = 10_000;

/**
 * A bounded cache of values that belong to members, kept exact by member_changed. A load that was
 * running when its member changed is answered but not kept: it may have read before the change.
 * (Other members' changes do not matter to it: under a steady stream of purchases, voiding every
 * running load would keep nothing.)
 */
export function createMemberCache<T>(prisma: PrismaClient, options: MemberCacheOptions<T>): MemberCache<T> {
  const now = options.now ?? Date.now;
  const feed = feedOf(prisma);
  const entries = new Map<string, Entry<T>>();
  const keysOfMember = new Map<string, Set<string>>();
  /** Counts the drops; a load keeps its value only when its member was not dropped since it started. */
  let drops = 0;
  /** The count at each member's last drop (the most recent MAX_REMEMBERED_DROPS members). */
  const lastDropOf = new Map<string, number>();
  /** Members dropped up to this count are forgotten (or all were dropped): loads that started before it are not kept. */
  let forgottenUpTo = 0;
  const droppedSince = (userId: string, startedAt: number) => Math.max(lastDropOf.get(userId) ?? 0, forgottenUpTo) > startedAt;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfMember.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysOfMember.delete(entry.userId);
  };

  const cache: MemberCache<T> & Droppable = {
    holdsMarks: options.holdsMarks,
    get size() {
      return entries.size;
    },
    peek(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const time = now();
      if (time - entry.loadedAt >= options.maxAgeMs) {
        remove(key);
        return undefined;
      }
      // Most recently used last (Map keeps insertion order), to within REORDER_AFTER_MS.
      if (time - entry.usedAt >= REORDER_AFTER_MS) {
        entry.usedAt = time;
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry.value;
    },
    async get(key, load) {
      const kept = cache.peek(key);
      if (kept !== undefined) return kept;
      const startedAt = drops;
      const loadedAt = now();
      const { value, userId } = await load();
      if (feed.heard && userId !== null && !droppedSince(userId, startedAt)) {
        remove(key);
        entries.set(key, { value, userId, loadedAt, usedAt: loadedAt });
        let keys = keysOfMember.get(userId);
        if (!keys) keysOfMember.set(userId, (keys = new Set()));
        keys.add(key);
        while (entries.size > options.maxEntries) remove(entries.keys().next().value as string);
      }
      return value;
    },
    dropMember(userId) {
      drops += 1;
      lastDropOf.delete(userId);
      lastDropOf.set(userId, drops);
      if (lastDropOf.size > MAX_REMEMBERED_DROPS) {
        const [oldest, at] = lastDropOf.entries().next().value as [string, number];
        lastDropOf.delete(oldest);
        forgottenUpTo = Math.max(forgottenUpTo, at);
      }
      for (const key of keysOfMember.get(userId) ?? []) {
        const entry = entries.get(key);
        remove(key);
        if (entry) options.dropped?.(userId, entry.value);
      }
    },
    clear() {
      drops += 1;
      lastDropOf.clear();
      forgottenUpTo = drops;
      entries.clear();
      keysOfMember.clear();
    },
  };
  feed.caches.add(cache);
  return cache;
}
