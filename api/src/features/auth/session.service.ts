import type { PrismaClient } from "../../db/prisma";
import { hashToken, randomToken } from "../../http/tokens";
import { userInclude, type UserRecord } from "../users/user.view";

/** Writing last_seen_at on every request would turn every read into a write. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface LoadedSession {
  sessionId: string;
  user: UserRecord;
}

export async function createSession(
  prisma: PrismaClient,
  userId: string,
  options: { ttlMs: number; userAgent?: string | undefined },
): Promise<NewSession> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + options.ttlMs);
  await prisma.session.create({
    data: { tokenHash: hashToken(token), userId, expiresAt, userAgent: options.userAgent?.slice(0, 500) ?? null },
  });
  return { token, expiresAt };
}

/** The session of a cookie token with its user, or null when unknown or expired. */
export async function loadSession(prisma: PrismaClient, token: string): Promise<LoadedSession | null> {
  const session = await prisma.session.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { include: userInclude } },
  });
  if (!session) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    await prisma.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  if (now - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await prisma.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
  }
  return { sessionId: session.id, user: session.user };
}

export async function deleteSession(prisma: PrismaClient, token: string): Promise<void> {
  await prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } });
}

export async function deleteExpiredSessions(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return count;
}
