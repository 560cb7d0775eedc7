// The sessions of the hot path's signed-in readers (http/hot-routes.ts): who a session cookie is,
// kept per process until the member changes (signed out, banned, a new e-mail: db/member-changes.ts)
// and never longer than a minute, so a member browsing the catalog costs no session query per page.
// Read through loadSession: an expired session is deleted there, and last_seen_at is kept within
// its resolution by the reload every minute. Express's session middleware still reads every other
// request fresh.
import { createMemberCache, type MemberCache } from "../../db/member-changes";
import type { PrismaClient } from "../../db/prisma";
import { consoleLogger, type Logger } from "../../deps";
import type { HotViewer } from "../../http/hot-routes";
import { hashToken } from "../../http/tokens";
import { noteActiveMember } from "./active-members";
import { sessionTokenOf } from "./session-cookie";
import { loadSession } from "./session.service";

/** A session's member as the hot path needs it. */
export interface SessionViewer {
  userId: string;
  isBanned: boolean;
  expiresAtMs: number;
}

const MAX_SESSIONS = 10_000;
const MAX_AGE_MS = 60_000;

const caches = new WeakMap<PrismaClient, MemberCache<SessionViewer | null>>();

function cacheOf(prisma: PrismaClient): MemberCache<SessionViewer | null> {
  let cache = caches.get(prisma);
  if (!cache) caches.set(prisma, (cache = createMemberCache(prisma, { maxEntries: MAX_SESSIONS, maxAgeMs: MAX_AGE_MS })));
  return cache;
}

/**
 * The member signed in by `token`, or null (unknown or expired). A member who is not banned is
 * counted active today, as the session middleware does.
 */
export async function sessionViewer(prisma: PrismaClient, token: string, logger: Logger): Promise<SessionViewer | null> {
  const cache = cacheOf(prisma);
  const key = hashToken(token);
  const viewer =
    cache.peek(key) ??
    (await cache.get(key, async () => {
      const session = await loadSession(prisma, token);
      if (!session) return { value: null, userId: null };
      const { id, isBanned } = session.user;
      return { value: { userId: id, isBanned, expiresAtMs: session.expiresAt.getTime() }, userId: id };
    }));
  if (viewer === null || viewer.expiresAtMs <= Date.now()) return null;
  if (!viewer.isBanned) void noteActiveMember(prisma, viewer.userId, logger);
  return viewer;
}

/** The hot path's reader of a Cookie header's session (withHotRoutes' viewerOf). */
export function hotSessionViewer(
  prisma: PrismaClient,
  logger: Logger = consoleLogger,
): (cookieHeader: string) => Promise<HotViewer | null> {
  return async (cookieHeader) => {
    const token = sessionTokenOf(cookieHeader);
    return token ? sessionViewer(prisma, token, logger) : null;
  };
}
