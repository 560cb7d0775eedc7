// The admin's loops: every loop whatever its status (searchable by title or creator), the public
// switch, and moderation (hide a ready loop with a reason / restore it). A hidden loop leaves the
// catalog, search and profiles (they list status 'ready' only) and cannot be bought; its buyers
// keep their downloads. Each change is one transaction with the creator's notification and the
// audit entry, and drops the catalog cache of this process once committed.
import { paths } from "@loop/rules/paths";
import {
  type AdminLoop,
  type AdminLoopList,
  type LoopVisibilityRequest,
  type LoopModerationRequest,
} from "@loop/rules/schemas/admin-loops";
import type { AdminListQuery } from "@loop/rules/schemas/admin-users";
import { LOOP_STATUSES, centsToPrice } from "@loop/rules/schemas/loops";
import { Prisma, type PrismaClient, type Tx } from "../../db/prisma";
import { catalogChanged } from "../loops/catalog-cache";
import { createNotificationInTx } from "../notifications/create-notification";
import { closeOffersOffSale } from "../negotiations/close-offers-off-sale";
import { recordAdminActionInTx } from "./audit-log";
import { containsPattern } from "../../db/like";
import { foundById } from "../../http/uuid";
import { TX_QUEUED } from "../../db/transactions";
import { windowedTotal } from "../../db/windowed-total";
import { DomainError } from "../../domain-error";

type LoopStatus = (typeof LOOP_STATUSES)[number];

interface LoopRow {
  id: string;
  title: string;
  contentType: "loop" | "track";
  isPublic: boolean;
  status: LoopStatus;
  hiddenReason: string | null;
  priceCents: number;
  isFree: boolean;
  downloadCount: number;
  purchaseCount: number;
  creatorId: string;
  creatorUsername: string;
  creatorFirstName: string | null;
  creatorEmail: string | null;
  createdAt: Date;
  total?: bigint;
}

const LOOP_COLUMNS = Prisma.sql`l."id"::text AS "id", l."title", l."content_type"::text AS "contentType", l."is_public" AS "isPublic",
  l."status"::text AS "status", l."hidden_reason" AS "hiddenReason", l."price_cents" AS "priceCents", l."is_free" AS "isFree",
  l."download_count" AS "downloadCount", l."purchase_count" AS "purchaseCount", u."id"::text AS "creatorId",
  u."username" AS "creatorUsername", u."first_name" AS "creatorFirstName", u."email" AS "creatorEmail", l."created_at" AS "createdAt"`;

function toAdminLoop(row: LoopRow): AdminLoop {
  return {
    id: row.id,
    title: row.title,
    contentType: row.contentType,
    isPublic: row.isPublic,
    status: row.status,
    hiddenReason: row.hiddenReason,
    price: centsToPrice(row.priceCents),
    isFree: row.isFree,
    downloadCount: row.downloadCount,
    purchaseCount: row.purchaseCount,
    creator: { id: row.creatorId, username: row.creatorUsername, firstName: row.creatorFirstName, email: row.creatorEmail },
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/loops: one page, newest first; ?search= matches part of the title, the creator's username or e-mail. */
export async function listAdminLoops(prisma: PrismaClient, { search, limit, offset }: AdminListQuery): Promise<AdminLoopList> {
  const pattern = search ? containsPattern(search) : null;
  const where = pattern
    ? Prisma.sql`WHERE l."title" ILIKE ${pattern} OR u."username" ILIKE ${pattern} OR u."email" ILIKE ${pattern}`
    : Prisma.empty;
  const rows = await prisma.$queryRaw<LoopRow[]>`
    SELECT ${LOOP_COLUMNS}, COUNT(*) OVER ()::bigint AS "total"
    FROM "app"."loops" l JOIN "app"."users" u ON u."id" = l."user_id" ${where}
    ORDER BY l."created_at" DESC, l."id" DESC LIMIT ${limit} OFFSET ${offset}`;
  const total = await windowedTotal(
    rows,
    offset,
    () => prisma.$queryRaw<{ n: bigint }[]>`
      SELECT COUNT(*)::bigint AS "n" FROM "app"."loops" l JOIN "app"."users" u ON u."id" = l."user_id" ${where}`,
  );
  return { loops: rows.map(toAdminLoop), total };
}

function lockLoop(tx: Tx, loopId: string): Promise<LoopRow> {
  return foundById(
    loopId,
    "LOOP_NOT_FOUND",
    (id) => tx.$queryRaw<LoopRow[]>`
      SELECT ${LOOP_COLUMNS} FROM "app"."loops" l JOIN "app"."users" u ON u."id" = l."user_id"
      WHERE l."id" = ${id}::uuid FOR UPDATE OF l`,
  );
}

async function readLoop(tx: Tx, loopId: string): Promise<AdminLoop> {
  const rows = await tx.$queryRaw<LoopRow[]>`
    SELECT ${LOOP_COLUMNS} FROM "app"."loops" l JOIN "app"."users" u ON u."id" = l."user_id" WHERE l."id" = ${loopId}::uuid`;
  return toAdminLoop(rows[0]!);
}

/**
 * An admin's change to a loop (`change`, on the locked row, in one transaction), then the loop as it
 * is: cached catalog pages are dropped and, the loop being off sale now (hidden or private), its
 * open offers end and their holds are released.
 */
async function changeLoop(prisma: PrismaClient, loopId: string, change: (tx: Tx, loop: LoopRow) => Promise<void>): Promise<AdminLoop> {
  const loop = await prisma.$transaction(async (tx) => {
    const loop = await lockLoop(tx, loopId);
    await change(tx, loop);
    return readLoop(tx, loop.id);
  }, TX_QUEUED);
  catalogChanged(prisma);
  await closeOffersOffSale(prisma, loop.id);
  return loop;
}

/** PUT /api/admin/loops/:id/visibility {isPublic}. */
export async function setLoopVisibility(
  prisma: PrismaClient,
  adminId: string,
  loopId: string,
  { isPublic }: LoopVisibilityRequest,
): Promise<AdminLoop> {
  return changeLoop(prisma, loopId, async (tx, loop) => {
    if (loop.isPublic === isPublic) return;
    await tx.loop.update({ where: { id: loop.id }, data: { isPublic } });
    await recordAdminActionInTx(tx, {
      adminId,
      action: "loop.visibility_changed",
      targetType: "loop",
      targetId: loop.id,
      before: { isPublic: loop.isPublic },
      after: { isPublic },
    });
  });
}

/** PUT /api/admin/loops/:id/moderation {hidden, reason}: ready → hidden (with the reason), hidden → ready. */
export async function moderateLoop(
  prisma: PrismaClient,
  adminId: string,
  loopId: string,
  { hidden, reason }: LoopModerationRequest,
): Promise<AdminLoop> {
  return changeLoop(prisma, loopId, async (tx, loop) => {
    if (hidden && loop.status !== "ready") throw new DomainError("CANNOT_HIDE_LOOP");
    if (!hidden && loop.status !== "hidden") throw new DomainError("CANNOT_RESTORE_LOOP");
    await tx.loop.update({
      where: { id: loop.id },
      data: hidden
        ? { status: "hidden", hiddenReason: reason, hiddenAt: new Date() }
        : { status: "ready", hiddenReason: null, hiddenAt: null },
    });
    await createNotificationInTx(tx, {
      userId: loop.creatorId,
      type: hidden ? "warning" : "success",
      title: hidden ? "Loop Hidden" : "Loop Restored",
      message: hidden
        ? `Your loop "${loop.title}" was hidden from the marketplace by the LOOP team. Reason: ${reason}`
        : `Your loop "${loop.title}" is visible in the marketplace again.`,
      actionUrl: paths.loop(loop.id),
      actionText: "View Loop",
    });
    await recordAdminActionInTx(tx, {
      adminId,
      action: hidden ? "loop.hidden" : "loop.restored",
      targetType: "loop",
      targetId: loop.id,
      before: { status: loop.status, hiddenReason: loop.hiddenReason },
      after: hidden ? { status: "hidden", hiddenReason: reason } : { status: "ready", hiddenReason: null },
    });
  });
}
