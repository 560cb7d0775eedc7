// The sessions of the hot path's signed-in readers (http/hot-routes.ts): who a session cookie is,
// kept per process until the member changes (signed out, banned, a new e-mail: db/member-changes.ts;
// a like or a purchase changes only the member's marks, and leaves it)
// and never longer than a minute, so a member browsing the catalog costs no session query per page.
// Read through loadSession: an expired session is deleted there, and last_seen_at is kept within
// its resolution by the reload every minute. Express's session middleware still reads every other
// request fresh.
import { createMemberCache, type MemberCache } from "../../db/member-changes";
import type { PrismaClient } from "../../db/prisma";
import { consoleLogger, type Logger } from "../../deps";
import type { HotViewer } from "../../http/hot-routes";
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
  if (!cache)
    caches.set(prisma, (cache = createMemberCache(prisma, { maxEntries: MAX_SESSIONS, maxAgeMs: MAX_AGE_MS, holdsMarks: false })));
  return cache;
}

/** A kept viewer as the hot path takes it: null once expired; the member counted active today. */
function viewerNow(prisma: PrismaClient, viewer: SessionViewer | null, logger: Logger): SessionViewer | null {
  if (viewer === null || viewer.expiresAtMs <= Date.now()) return null;
  if (!viewer.isBanned) void noteActiveMember(prisma, viewer.userId, logger);
  return viewer;
}

/**
 * The member signed in by `token`, or null (unknown or expired). A member who is not banned is
 * counted active today, as the session middleware does.
 */
export async function sessionViewer(prisma: PrismaClient, token: string, logger: Logger): Promise<SessionViewer | null> {
  // Kept by the token itself (this process reads it from every request anyway): hashing it on each
  // page cost more than the rest of the lookup. The database knows only its hash (loadSession).
  const viewer = await cacheOf(prisma).get(token, async () => {
    const session = await loadSession(prisma, token);
    if (!session) return { value: null, userId: null };
    const { id, isBanned } = session.user;
    return { value: { userId: id, isBanned, expiresAtMs: session.expiresAt.getTime() }, userId: id };
  });
  return viewerNow(prisma, viewer, logger);
}

/** The hot path's reader of a Cookie header's session (withHotRoutes' viewerOf): a kept one at once. */
export function hotSessionViewer(
  prisma: PrismaClient,
  logger: Logger = consoleLogger,
): (cookieHeader: string) => HotViewer | null | Promise<HotViewer | null> {
  return (cookieHeader) => {
    const token = sessionTokenOf(cookieHeader);
    if (!token) return null;
    const kept = cacheOf(prisma).peek(token);
    return kept === undefined ? sessionViewer(prisma, token, logger) : viewerNow(prisma, kept, logger);
  };
}
