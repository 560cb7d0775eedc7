// A member's upload limits (platform settings): uploads per hour — the last 60 minutes, counted
// from the loops they made, so the figure holds across API replicas and restarts — and the storage
// all of their uploaded originals may take. Checked before the body is read (the refusal costs
// neither side the file), bounding the file to the room left while it streams, and again in the
// transaction that records the upload, under a lock per member, so parallel uploads cannot pass
// the limits together.
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, storageQuotaMessage, uploadRateLimitMessage } from "@loop/rules/schemas/loops";
import type { PrismaClient, Tx } from "../../db/prisma";
import { PayloadTooLarge, TooManyRequests } from "../../http/errors";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import type { FileLimit } from "./receive-upload";

const HOUR_MS = 60 * 60 * 1000;

type Db = PrismaClient | Tx;

interface UploadUsage {
  uploadsPerHour: number;
  quotaBytes: number;
  usedBytes: number;
  /** When the member may upload again; null: now. */
  retryAt: Date | null;
}

async function uploadUsage(db: Db, userId: string, now: Date): Promise<UploadUsage> {
  const { uploadsPerHour, uploadQuotaBytes } = await settingsInUse(db);
  // The last `uploadsPerHour` uploads within the hour: when there are that many, one more may
  // be made once the oldest of them is an hour old.
  const [recent, stored] = await Promise.all([
    db.loop.findMany({
      where: { userId, createdAt: { gt: new Date(now.getTime() - HOUR_MS) } },
      select: { createdAt: true },
      orderBy: { createdAt: "desc" },
      take: uploadsPerHour,
    }),
    db.loop.aggregate({ where: { userId }, _sum: { originalBytes: true } }),
  ]);
  const oldest = recent.length >= uploadsPerHour ? recent[recent.length - 1]! : null;
  return {
    uploadsPerHour,
    quotaBytes: uploadQuotaBytes,
    usedBytes: stored._sum.originalBytes ?? 0,
    retryAt: oldest ? new Date(oldest.createdAt.getTime() + HOUR_MS) : null,
  };
}

/** 429 past the hourly uploads, 413 when `incomingBytes` more would pass the quota. */
function assertWithin(usage: UploadUsage, now: Date, incomingBytes: number): void {
  if (usage.retryAt) {
    const retryAfterSeconds = Math.max(1, Math.ceil((usage.retryAt.getTime() - now.getTime()) / 1000));
    throw new TooManyRequests(uploadRateLimitMessage(usage.uploadsPerHour, retryAfterSeconds), { retryAfterSeconds });
  }
  if (usage.usedBytes + incomingBytes > usage.quotaBytes) throw new PayloadTooLarge(storageQuotaMessage(usage.quotaBytes, usage.usedBytes));
}

/**
 * Before the body is read: refuses a member who is at a limit (429, 413 when the quota has no room
 * left), and gives the limit the file is received under (the quota's room when under 50 MB).
 */
export async function uploadAllowance(prisma: PrismaClient, userId: string): Promise<FileLimit> {
  const now = new Date();
  const usage = await uploadUsage(prisma, userId, now);
  assertWithin(usage, now, 1);
  const room = usage.quotaBytes - usage.usedBytes;
  // busboy refuses a file that reaches its limit: the room itself still fits.
  return room < MAX_UPLOAD_BYTES
    ? { bytes: room + 1, message: storageQuotaMessage(usage.quotaBytes, usage.usedBytes) }
    : { bytes: MAX_UPLOAD_BYTES, message: UPLOAD_MESSAGES.tooLarge };
}

/** In the transaction that records an upload of `bytes`: the member's uploads take turns, then both limits are checked again. */
export async function assertUploadAllowed(tx: Tx, userId: string, bytes: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(hashtextextended(${`loop-upload:${userId}`}, 0))`;
  const now = new Date();
  assertWithin(await uploadUsage(tx, userId, now), now, bytes);
}
