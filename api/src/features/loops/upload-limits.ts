// A member's upload limits (platform settings): uploads per hour — the last 60 minutes, counted
// from the loops they made, so the figure holds across API replicas and restarts — and the storage
// all of their loops may take: every stored byte, the originals and the files made from them (WAV,
// MP3, preview, peaks: `loops.derived_bytes`, issue 35). Checked before the body is read (the refusal
// costs neither side the file), bounding the file to the room left while it streams, and again in
// the transaction that records the upload with the files its header predicts, under a lock per
// member, so parallel uploads cannot pass the limits together. Processing counts what it writes
// against the room left (processingAllowance) and records the stored sizes under the same lock
// (derivedBytesRefusal).
import { MAX_UPLOAD_BYTES, storageQuotaProcessingMessage } from "@loop/rules/schemas/loops";
import type { PrismaClient, Tx } from "../../db/prisma";
import { settingsInUse } from "../platform-settings/platform-settings.service";
import { UPLOAD_SIZE_LIMIT, type FileLimit } from "./receive-upload";
import { DomainError } from "../../domain-error";

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
    storedBytes(db, userId),
  ]);
  const oldest = recent.length >= uploadsPerHour ? recent[recent.length - 1]! : null;
  return {
    uploadsPerHour,
    quotaBytes: uploadQuotaBytes,
    usedBytes: stored,
    retryAt: oldest ? new Date(oldest.createdAt.getTime() + HOUR_MS) : null,
  };
}

/** Every byte stored for the member's loops (originals and the files made from them), less those of `exceptLoopId`. */
async function storedBytes(db: Db, userId: string, exceptLoopId?: string): Promise<number> {
  const sum = await db.loop.aggregate({
    where: { userId, ...(exceptLoopId ? { id: { not: exceptLoopId } } : {}) },
    _sum: { originalBytes: true, derivedBytes: true },
  });
  return (sum._sum.originalBytes ?? 0) + (sum._sum.derivedBytes ?? 0);
}

/**
 * 429 past the hourly uploads, 413 when `incomingBytes` more would pass the quota; `derivedBytes`:
 * what the files made from the upload will take (predicted from its header), named in the refusal.
 */
function assertWithin(usage: UploadUsage, now: Date, incomingBytes: number, derivedBytes = 0): void {
  if (usage.retryAt) {
    const retryAfterSeconds = Math.max(1, Math.ceil((usage.retryAt.getTime() - now.getTime()) / 1000));
    throw new DomainError("UPLOAD_RATE_LIMITED", { uploadsPerHour: usage.uploadsPerHour, retryAfterSeconds }, { retryAfterSeconds });
  }
  const needed = incomingBytes + derivedBytes;
  if (usage.usedBytes + needed <= usage.quotaBytes) return;
  const { quotaBytes, usedBytes } = usage;
  throw new DomainError(
    "STORAGE_QUOTA_EXCEEDED",
    derivedBytes > 0 ? { quotaBytes, usedBytes, neededBytes: needed } : { quotaBytes, usedBytes },
  );
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
    ? {
        bytes: room + 1,
        refusal: () => new DomainError("STORAGE_QUOTA_EXCEEDED", { quotaBytes: usage.quotaBytes, usedBytes: usage.usedBytes }),
      }
    : UPLOAD_SIZE_LIMIT;
}

/** The member's uploads, and the recording of their processed files, take turns. */
async function lockMemberStorage(tx: Tx, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(hashtextextended(${`loop-upload:${userId}`}, 0))`;
}

/**
 * In the transaction that records an upload of `bytes` whose files will take `derivedBytes` (predicted
 * from its header): the member's uploads take turns, then both limits are checked again.
 */
export async function assertUploadAllowed(tx: Tx, userId: string, bytes: number, derivedBytes = 0): Promise<void> {
  await lockMemberStorage(tx, userId);
  const now = new Date();
  assertWithin(await uploadUsage(tx, userId, now), now, bytes, derivedBytes);
}

interface StoredLoop {
  id: string;
  userId: string;
  originalBytes: number;
  /** What the upload reserved for its files (predicted from its header). */
  derivedBytes: number;
}

export interface ProcessingAllowance {
  /** Bytes the files made from the loop may take: what its upload reserved, or the room left now if that is more. */
  maxBytes: number;
  /** The failure reason past it, with the quota's figures. */
  message: string;
}

/** Before a loop is processed: the bytes its files may take (the pipeline stops past them). */
export async function processingAllowance(db: Db, loop: StoredLoop): Promise<ProcessingAllowance> {
  const [{ uploadQuotaBytes }, others] = await Promise.all([settingsInUse(db), storedBytes(db, loop.userId, loop.id)]);
  const used = others + loop.originalBytes;
  const maxBytes = Math.max(loop.derivedBytes, uploadQuotaBytes - used, 0);
  return { maxBytes, message: storageQuotaProcessingMessage(uploadQuotaBytes, used, maxBytes) };
}

/**
 * In the transaction that makes a processed loop ready, before it records its files' stored sizes as
 * its `derived_bytes`: files that take more than the upload reserved must fit the room left now
 * (another upload may have taken it meanwhile). The refusal, with the quota's figures, or null.
 */
export async function derivedBytesRefusal(tx: Tx, loop: StoredLoop, bytes: number): Promise<string | null> {
  await lockMemberStorage(tx, loop.userId);
  const current = await tx.loop.findUnique({ where: { id: loop.id }, select: { derivedBytes: true } });
  if (!current || bytes <= current.derivedBytes) return null;
  const [{ uploadQuotaBytes }, others] = await Promise.all([settingsInUse(tx), storedBytes(tx, loop.userId, loop.id)]);
  const used = others + loop.originalBytes;
  return used + bytes > uploadQuotaBytes
    ? storageQuotaProcessingMessage(uploadQuotaBytes, used, Math.max(0, uploadQuotaBytes - used))
    : null;
}
