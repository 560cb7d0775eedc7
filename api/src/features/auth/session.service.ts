import { hotQuery } from "../../db/hot-query";
import type { PrismaClient } from "../../db/prisma";
import { hashToken, randomToken } from "../../http/tokens";
import type { UserRecord } from "../users/user.view";

/** Writing last_seen_at on every request would turn every read into a write. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface LoadedSession {
  sessionId: string;
  expiresAt: Date;
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

interface SessionRow {
  sessionId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  bio: string | null;
  profileImageUrl: string | null;
  level: number;
  experience: number;
  isAdmin: boolean;
  isBanned: boolean;
  banReason: string | null;
  followerCount: number;
  followingCount: number;
  saleHoldApproved: boolean;
  saleHoldDays: number | null;
  withdrawalsSuspendedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  walletAddress: string | null;
}

const LOAD_SESSION_SQL = `
    SELECT s."id"::text AS "sessionId", s."expires_at" AS "expiresAt", s."last_seen_at" AS "lastSeenAt",
      u."id"::text AS "id", u."username", u."first_name" AS "firstName", u."last_name" AS "lastName", u."email", u."bio",
      u."profile_image_url" AS "profileImageUrl", u."level", u."experience", u."is_admin" AS "isAdmin",
      u."is_banned" AS "isBanned", u."ban_reason" AS "banReason", u."follower_count" AS "followerCount", u."following_count" AS "followingCount",
      u."sale_hold_approved" AS "saleHoldApproved", u."sale_hold_days" AS "saleHoldDays", u."withdrawals_suspended_at" AS "withdrawalsSuspendedAt",
      u."created_at" AS "createdAt", u."updated_at" AS "updatedAt",
      w."address" AS "walletAddress"
    FROM "app"."sessions" s
    JOIN "app"."users" u ON u."id" = s."user_id"
    LEFT JOIN "app"."wallet_links" w ON w."user_id" = u."id"
    WHERE s."token_hash" = $1::text`;

/**
 * The session of a cookie token with its user, or null when unknown or expired. One query (the
 * session, its user and wallet): every request of a signed-in user runs it (a prepared statement,
 * see hot-query.ts).
 */
export async function loadSession(prisma: PrismaClient, token: string): Promise<LoadedSession | null> {
  const rows = await hotQuery<SessionRow>(prisma, "loop_load_session", LOAD_SESSION_SQL, [hashToken(token)]);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await prisma.session.deleteMany({ where: { id: row.sessionId } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await prisma.session.update({ where: { id: row.sessionId }, data: { lastSeenAt: new Date(now) } });
  }
  const { sessionId, expiresAt, lastSeenAt: _lastSeenAt, walletAddress, ...user } = row;
  return { sessionId, expiresAt, user: { ...user, wallet: walletAddress === null ? null : { address: walletAddress } } };
}

export async function deleteSession(prisma: PrismaClient, token: string): Promise<void> {
  await prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } });
}

export async function deleteExpiredSessions(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return count;
}
