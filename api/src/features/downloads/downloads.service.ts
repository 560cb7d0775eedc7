// Downloads: who may download which format, the signed link, and counting a download once per
// user and loop when its link is fetched.
import { DOWNLOAD_LINK_TTL_MS, type DeliveryFormat, type DownloadLink, type DownloadQuery } from "@loop/rules/schemas/downloads";
import type { Prisma, PrismaClient } from "../../db/prisma";
import { catalogChanged } from "../loops/catalog-cache";
import { isReachable } from "../loops/loop-access";
import { UUID } from "../../http/uuid";
import { signDownloadToken, verifyDownloadToken } from "./download-token";
import { DomainError } from "../../domain-error";

export const CONTENT_TYPES: Record<DeliveryFormat, string> = { mp3: "audio/mpeg", wav: "audio/wav" };

/** "Deep Night (Remix)!" → "deep-night-remix": ASCII letters, digits and dashes only. */
export function fileSlug(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "loop";
}

const fileKey = (loop: { mp3Key: string | null; wavKey: string | null }, format: DeliveryFormat) =>
  format === "mp3" ? loop.mp3Key : loop.wavKey;
/**
 * Processed: ready, or hidden by moderation or taken down since (its buyers and creator keep their
 * files until the last holder of a removed loop is gone and its files are deleted).
 */
export const hasFiles = (loop: { status: string; filesPurgedAt: Date | null }) =>
  loop.status === "ready" || loop.status === "hidden" || (loop.status === "removed" && loop.filesPurgedAt === null);

/** What decides a user's right to a loop's files: the loop's state and the user's purchases of it. */
const rightsSelect = (userId: string) =>
  ({
    id: true,
    userId: true,
    title: true,
    status: true,
    isPublic: true,
    unlisted: true,
    isFree: true,
    filesPurgedAt: true,
    mp3Key: true,
    wavKey: true,
    purchases: { where: { buyerId: userId }, select: { format: true, refundedAt: true } },
    // A free download's licence: the format taken stays the member's once the loop is no longer free or listed.
    downloads: { where: { userId, licence: { isNot: null } }, select: { format: true } },
  }) satisfies Prisma.LoopSelect;
type LoopWithRights = Prisma.LoopGetPayload<{ select: ReturnType<typeof rightsSelect> }>;

/**
 * The format the user may download (`wanted`, else the default), or the refusal. Allowed: the
 * creator (any format), a buyer (the formats bought and not refunded, even if the loop has since
 * been hidden), anyone signed in for a listed free loop, and the holder of a free download's licence
 * (the format they took, once the loop is paid or no longer listed: issue 37's library). A loop the user may not see is 404; one
 * they may not download is 403. Checked when a link is issued and again when it is fetched, so a
 * link stops working once the right is gone (a refund, the loop made paid or taken down).
 */
function downloadableFormat(loop: LoopWithRights, userId: string, wanted: DeliveryFormat | undefined): DeliveryFormat {
  const own = loop.userId === userId;
  const bought = new Set<DeliveryFormat>([
    ...loop.purchases.filter((purchase) => !purchase.refundedAt).map((purchase) => purchase.format),
    ...loop.downloads.map((download) => download.format),
  ]);
  const refunded = new Set<DeliveryFormat>(
    loop.purchases.filter((purchase) => purchase.refundedAt && !bought.has(purchase.format)).map((purchase) => purchase.format),
  );
  const reachable = isReachable(loop);
  const freeForAll = loop.isFree && reachable;
  // Without a format: MP3, unless the caller may only have (or only had) the WAV they bought.
  const formats = bought.size > 0 ? bought : refunded;
  const format: DeliveryFormat = wanted ?? (!own && !freeForAll && formats.size > 0 && !formats.has("mp3") ? "wav" : "mp3");
  if (own || freeForAll || bought.has(format)) return format;
  // A refunded buyer knew the loop: they are told why, even once it is no longer listed.
  if (refunded.has(format)) throw new DomainError("PURCHASE_REFUNDED");
  if (bought.size === 0 && !reachable) throw new DomainError("LOOP_NOT_FOUND");
  throw new DomainError(bought.size > 0 ? "FORMAT_NOT_PURCHASED" : "PURCHASE_REQUIRED");
}

/** GET /api/loops/:id/download: a signed link to the format asked for (see downloadableFormat). */
export async function issueDownload(
  prisma: PrismaClient,
  signingKey: string,
  loopId: string,
  userId: string,
  query: DownloadQuery,
  now = Date.now(),
): Promise<DownloadLink> {
  const loop = UUID.test(loopId) ? await prisma.loop.findUnique({ where: { id: loopId }, select: rightsSelect(userId) }) : null;
  if (!loop) throw new DomainError("LOOP_NOT_FOUND");
  const format = downloadableFormat(loop, userId, query.format);
  if (!hasFiles(loop) || !fileKey(loop, format)) throw new DomainError("DOWNLOAD_NOT_READY");

  const token = signDownloadToken(signingKey, { loopId: loop.id, format, userId, expiresAt: now + DOWNLOAD_LINK_TTL_MS });
  return { downloadUrl: `/api/downloads/${token}`, filename: `${fileSlug(loop.title)}.${format}` };
}

export interface DownloadFile {
  key: string;
  filename: string;
  contentType: string;
  loopId: string;
  userId: string;
  format: DeliveryFormat;
  /** The creator's own downloads are not counted. */
  countable: boolean;
}

/**
 * GET /api/downloads/:token: a valid, unexpired link of an existing user who still has the right to
 * the file. Links live up to 7 days (e-mails): the right is checked again now, not only at issue.
 */
export async function resolveDownload(prisma: PrismaClient, signingKey: string, token: string, now = Date.now()): Promise<DownloadFile> {
  const verified = verifyDownloadToken(signingKey, token, now);
  if (!verified.ok) throw new DomainError(verified.reason === "expired" ? "DOWNLOAD_LINK_EXPIRED" : "DOWNLOAD_LINK_INVALID");
  const { loopId, userId, format } = verified.grant;
  const [loop, user] = await Promise.all([
    prisma.loop.findUnique({ where: { id: loopId }, select: rightsSelect(userId) }),
    prisma.user.findUnique({ where: { id: userId }, select: { isBanned: true } }),
  ]);
  if (!user || user.isBanned) throw new DomainError("DOWNLOAD_LINK_INVALID");
  if (!loop) throw new DomainError("LOOP_NOT_FOUND");
  downloadableFormat(loop, userId, format);
  const key = hasFiles(loop) ? fileKey(loop, format) : null;
  if (!key) throw new DomainError("LOOP_NOT_FOUND");
  return {
    key,
    filename: `${fileSlug(loop.title)}.${format}`,
    contentType: CONTENT_TYPES[format],
    loopId,
    userId,
    format,
    countable: loop.userId !== userId,
  };
}

/**
 * Records that the user downloaded the loop; the first time only, the loop's download count goes
 * up, in the same statement (a concurrent second fetch finds the row and adds nothing).
 */
export async function recordDownload(prisma: PrismaClient, file: Pick<DownloadFile, "loopId" | "userId" | "format">): Promise<boolean> {
  const counted = await prisma.$executeRaw`
    WITH inserted AS (
      INSERT INTO "app"."loop_downloads" ("loop_id", "user_id", "format")
      VALUES (${file.loopId}::uuid, ${file.userId}::uuid, ${file.format}::"app"."delivery_format")
      ON CONFLICT ("loop_id", "user_id") DO NOTHING
      RETURNING "loop_id"
    )
    UPDATE "app"."loops" SET "download_count" = "download_count" + 1 WHERE "id" IN (SELECT "loop_id" FROM inserted)`;
  // The count (and the popular sort) changed: cached catalog answers are dropped.
  if (counted > 0) catalogChanged(prisma);
  return counted > 0;
}
