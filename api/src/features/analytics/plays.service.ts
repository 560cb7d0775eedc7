// Plays (docs/decisions.md, "Issue 23 — creator analytics (API)"): the web player reports a preview
// played past 5 seconds; a play counts at most once per listener, loop and hour. The listener is an
// HMAC-SHA256 of the signed-in user's id, or else of the IP address and User-Agent, under a key
// generated once per UTC day and kept in server_secrets (like the download signing key, so every API
// process hashes alike); only that hash is stored, in play_listeners, whose rows older than two hours
// are swept. The play itself is counted in loop_daily_stats by the table's trigger, in the same statement.
import { createHmac, randomBytes } from "node:crypto";
import { PLAY_DEDUP_MS } from "@loop/rules/schemas/analytics";
import type { PrismaClient } from "../../db/prisma";
import { DomainError } from "../../domain-error";

export const PLAY_KEY_PREFIX = "play-listener:";
/** Rows older than this are deleted: the hour of deduplication and a margin. */
const KEEP_MS = 2 * PLAY_DEDUP_MS;
/** How often one process sweeps (on a play, after answering). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Listener {
  userId: string | null;
  ip: string;
  userAgent: string;
}

interface KeyCache {
  day: string;
  key: Promise<Buffer>;
}
const keys = new WeakMap<PrismaClient, KeyCache>();
const lastSweep = new WeakMap<PrismaClient, number>();

async function storedKey(prisma: PrismaClient, day: string): Promise<Buffer> {
  const name = `${PLAY_KEY_PREFIX}${day}`;
  // Of two processes asking at once, one inserts and both read the same key.
  await prisma.serverSecret.createMany({ data: [{ name, value: randomBytes(32).toString("base64url") }], skipDuplicates: true });
  return Buffer.from((await prisma.serverSecret.findUniqueOrThrow({ where: { name } })).value, "base64url");
}

/** The key of the UTC day `now` falls on, read once per process and day. */
function dayKey(prisma: PrismaClient, now: Date): Promise<Buffer> {
  const day = now.toISOString().slice(0, 10);
  const cached = keys.get(prisma);
  if (cached?.day === day) return cached.key;
  const key = storedKey(prisma, day);
  keys.set(prisma, { day, key });
  key.catch(() => keys.delete(prisma));
  return key;
}

export function listenerHash(key: Buffer, listener: Listener): Buffer {
  const subject = listener.userId ? `user:${listener.userId}` : `anonymous:${listener.ip}\n${listener.userAgent}`;
  return createHmac("sha256", key).update(subject).digest();
}

/**
 * Counts a play of `loopId` by `listener` unless this listener's play of it was counted within the
 * hour. Not counted: a loop that is not listed (ready, public, its creator not banned) or the
 * creator's own play. 404 for no such loop.
 */
export async function recordPlay(prisma: PrismaClient, loopId: string, listener: Listener): Promise<boolean> {
  if (!UUID.test(loopId)) throw new DomainError("LOOP_NOT_FOUND");
  const hash = listenerHash(await dayKey(prisma, new Date()), listener);
  const rows = await prisma.$queryRaw<{ listed: boolean; counted: boolean }[]>`
    WITH loop AS (
      SELECT l."id", l."status" = 'ready' AND (l."is_public" OR l."unlisted") AND NOT u."is_banned"
                     AND l."user_id" IS DISTINCT FROM ${listener.userId}::uuid AS "countable"
      FROM "app"."loops" l JOIN "app"."users" u ON u."id" = l."user_id"
      WHERE l."id" = ${loopId}::uuid
    ), counted AS (
      INSERT INTO "app"."play_listeners" AS p ("loop_id", "listener", "counted_at")
      SELECT "id", ${hash}, now() FROM loop WHERE "countable"
      ON CONFLICT ("loop_id", "listener") DO UPDATE SET "counted_at" = excluded."counted_at"
        WHERE p."counted_at" <= excluded."counted_at" - ${`${PLAY_DEDUP_MS} milliseconds`}::interval
      RETURNING 1
    )
    SELECT true AS "listed", EXISTS (SELECT 1 FROM counted) AS "counted" FROM loop`;
  if (rows.length === 0) throw new DomainError("LOOP_NOT_FOUND");
  return rows[0]!.counted;
}

/** Deletes listeners past the deduplication window and the keys of past days, at most every 10 minutes per process. */
export async function sweepPlays(prisma: PrismaClient, now = Date.now(), force = false): Promise<void> {
  if (!force && now - (lastSweep.get(prisma) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(prisma, now);
  await prisma.$executeRaw`DELETE FROM "app"."play_listeners" WHERE "counted_at" < now() - ${`${KEEP_MS} milliseconds`}::interval`;
  const today = `${PLAY_KEY_PREFIX}${new Date(now).toISOString().slice(0, 10)}`;
  await prisma.$executeRaw`DELETE FROM "app"."server_secrets" WHERE "name" LIKE ${`${PLAY_KEY_PREFIX}%`} AND "name" < ${today}`;
}
