// The buyer's library (issue 37): every purchase and free download of a member, newest first, one
// entry per licence (each purchase has one; so has a member's first download of a free loop). The
// loop comes with it even once hidden, made private or taken down: what was bought stays its buyer's
// unless the purchase was refunded or reversed.
import { paths } from "@loop/rules/paths";
import {
  LIBRARY_REFUND_REASONS,
  type LibraryEntry,
  type LibraryPage,
  type LibraryQuery,
  type LibraryReceiptResponse,
  type LibraryRefundReason,
} from "@loop/rules/schemas/library";
import type { PurchaseMethod } from "@loop/rules/schemas/purchases";
import { Prisma, type PrismaClient } from "../../db/prisma";
import type { AppDeps } from "../../deps";
import { UUID } from "../../http/uuid";
import { hasFiles } from "../downloads/downloads.service";
import { isListed } from "../loops/loop-access";
import { RECORDED_PURCHASE_SELECT, saleAmounts, toPurchase } from "../purchases/record-purchase";
import { purchaseReceipt } from "../purchases/send-purchase-mails";
import { DomainError } from "../../domain-error";

const ENTRY_SELECT = {
  id: true,
  loopTitle: true,
  creatorId: true,
  creatorUsername: true,
  creatorName: true,
  format: true,
  priceCents: true,
  feeCents: true,
  loopUnits: true,
  method: true,
  issuedAt: true,
  downloadLoopId: true,
  downloadUserId: true,
  purchase: {
    select: {
      id: true,
      loopId: true,
      buyerId: true,
      refundedAt: true,
      checkout: { select: { reversalReason: true } },
    },
  },
} satisfies Prisma.LicenceSelect;
type EntryRow = Prisma.LicenceGetPayload<{ select: typeof ENTRY_SELECT }>;

const LOOP_SELECT = {
  id: true,
  title: true,
  status: true,
  isPublic: true,
  filesPurgedAt: true,
  durationMs: true,
  previewKey: true,
  peaksKey: true,
  mp3Key: true,
  wavKey: true,
} satisfies Prisma.LoopSelect;
type EntryLoop = Prisma.LoopGetPayload<{ select: typeof LOOP_SELECT }>;

const entryLoopId = (row: Pick<EntryRow, "purchase" | "downloadLoopId">) => row.purchase?.loopId ?? row.downloadLoopId!;
const entryOwnerId = (row: Pick<EntryRow, "purchase" | "downloadUserId">) => row.purchase?.buyerId ?? row.downloadUserId!;

function refundOf(row: EntryRow): LibraryEntry["refund"] {
  const refundedAt = row.purchase?.refundedAt;
  if (!refundedAt) return null;
  // A card or PayPal sale carries the provider's reason; a wallet purchase is refunded by the escrow.
  const reason: LibraryRefundReason =
    row.purchase?.checkout?.reversalReason === "dispute" ? "dispute" : row.purchase?.checkout ? "refund" : "escrow";
  return { at: refundedAt.toISOString(), reason, message: LIBRARY_REFUND_REASONS[reason] };
}

function toEntry(row: EntryRow, loop: EntryLoop, seller: { username: string } | undefined): LibraryEntry {
  const refund = refundOf(row);
  const owned = refund === null;
  const listed = isListed(loop);
  const fileKey = row.format === "mp3" ? loop.mp3Key : loop.wavKey;
  return {
    id: row.id,
    kind: row.purchase ? "purchase" : "free",
    acquiredAt: row.issuedAt.toISOString(),
    format: row.format,
    method: row.method as PurchaseMethod,
    ...saleAmounts(row),
    purchaseId: row.purchase?.id ?? null,
    licence: { id: row.id, status: owned ? "valid" : "revoked", url: paths.licence(row.id) },
    refund,
    loop: {
      id: loop.id,
      title: loop.title,
      titleAtPurchase: row.loopTitle,
      listed,
      duration: loop.durationMs === null ? null : loop.durationMs / 1000,
      // Its buyer may still play what they own; a refunded buyer only what anyone may.
      audioFileUrl: loop.previewKey && (owned || listed) ? `/api/loops/${loop.id}/preview` : null,
      peaksUrl: loop.peaksKey && (owned || listed) ? `/api/loops/${loop.id}/peaks` : null,
    },
    seller: { id: row.creatorId, username: seller?.username ?? row.creatorUsername, name: row.creatorName },
    canDownload: owned && hasFiles(loop) && fileKey !== null,
  };
}

/** The entries of these licence rows, in their order, with their loops and sellers as they are now. */
async function entriesOf(prisma: PrismaClient, rows: EntryRow[]): Promise<LibraryEntry[]> {
  const [loops, sellers] = await Promise.all([
    prisma.loop.findMany({ where: { id: { in: [...new Set(rows.map(entryLoopId))] } }, select: LOOP_SELECT }),
    prisma.user.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.creatorId))] } }, select: { id: true, username: true } }),
  ]);
  const loopById = new Map(loops.map((loop) => [loop.id, loop]));
  const sellerById = new Map(sellers.map((seller) => [seller.id, seller]));
  // A licence's loop is never deleted under it (purchases restrict it; a free download's licence goes with its loop).
  return rows.flatMap((row) => {
    const loop = loopById.get(entryLoopId(row));
    return loop ? [toEntry(row, loop, sellerById.get(row.creatorId))] : [];
  });
}

function encodeCursor(issuedAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([issuedAt.toISOString(), id]), "utf8").toString("base64url");
}

function decodeCursor(after: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      !Number.isNaN(Date.parse(value[0])) &&
      typeof value[1] === "string" &&
      UUID.test(value[1])
    )
      return [value[0], value[1]];
  } catch {
    // Falls through to the refusal.
  }
  throw new DomainError("INVALID_CURSOR", { list: "library" });
}

/** `%text%` for ILIKE, its own wildcards taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * GET /api/library: one page of the member's entries, newest first (issued_at, id). Each source is
 * its own index range (a buyer's purchases; a member's free downloads, "licences_download_user_idx"),
 * cut to the page before they are merged.
 */
export async function listLibrary(prisma: PrismaClient, userId: string, query: LibraryQuery): Promise<LibraryPage> {
  const take = query.limit + 1;
  const cursor = query.after === undefined ? null : decodeCursor(query.after);
  const keyset = cursor ? Prisma.sql`AND (l."issued_at", l."id") < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)` : Prisma.empty;
  const format = query.format ? Prisma.sql`AND l."format" = ${query.format}::"app"."delivery_format"` : Prisma.empty;
  const pattern = query.search === undefined ? null : containsPattern(query.search);
  const matches = (loopId: Prisma.Sql) =>
    pattern === null
      ? Prisma.empty
      : Prisma.sql`AND (l."loop_title" ILIKE ${pattern} OR l."creator_username" ILIKE ${pattern}
          OR EXISTS (SELECT 1 FROM "app"."loops" lo WHERE lo."id" = ${loopId} AND lo."title" ILIKE ${pattern})
          OR EXISTS (SELECT 1 FROM "app"."users" u WHERE u."id" = l."creator_id" AND u."username" ILIKE ${pattern}))`;
  const purchased = Prisma.sql`(SELECT l."id", l."issued_at" FROM "app"."licences" l
      JOIN "app"."purchases" p ON p."id" = l."purchase_id"
      WHERE p."buyer_id" = ${userId}::uuid ${format} ${keyset} ${matches(Prisma.sql`p."loop_id"`)}
      ORDER BY l."issued_at" DESC, l."id" DESC LIMIT ${take})`;
  const free = Prisma.sql`(SELECT l."id", l."issued_at" FROM "app"."licences" l
      WHERE l."download_user_id" = ${userId}::uuid ${format} ${keyset} ${matches(Prisma.sql`l."download_loop_id"`)}
      ORDER BY l."issued_at" DESC, l."id" DESC LIMIT ${take})`;
  const sources = query.kind === "purchased" ? purchased : query.kind === "free" ? free : Prisma.sql`${purchased} UNION ALL ${free}`;
  const ids = await prisma.$queryRaw<{ id: string }[]>`
    SELECT m."id"::text AS id FROM (${sources}) AS m ORDER BY m."issued_at" DESC, m."id" DESC LIMIT ${take}`;
  const page = ids.slice(0, query.limit).map((row) => row.id);
  const rows = await prisma.licence.findMany({
    where: { id: { in: page } },
    select: ENTRY_SELECT,
    orderBy: [{ issuedAt: "desc" }, { id: "desc" }],
  });
  const last = rows.at(-1);
  return {
    entries: await entriesOf(prisma, rows),
    nextCursor: ids.length > query.limit && last ? encodeCursor(last.issuedAt, last.id) : null,
  };
}

/** The member's own licence row; anyone else's (or an unknown id) is 404, telling nothing. */
async function ownEntryRow(prisma: PrismaClient, userId: string, id: string): Promise<EntryRow> {
  const row = UUID.test(id) ? await prisma.licence.findUnique({ where: { id }, select: ENTRY_SELECT }) : null;
  if (!row || entryOwnerId(row) !== userId) throw new DomainError("LIBRARY_ENTRY_NOT_FOUND");
  return row;
}

/** GET /api/library/:id: one of the member's entries (the receipt's and the licence e-mail's link). */
export async function getLibraryEntry(prisma: PrismaClient, userId: string, id: string): Promise<LibraryEntry> {
  const [entry] = await entriesOf(prisma, [await ownEntryRow(prisma, userId, id)]);
  if (!entry) throw new DomainError("LIBRARY_ENTRY_NOT_FOUND");
  return entry;
}

/**
 * The purchase a receipt may be sent again for: the member's, and a purchase (a free download has
 * no receipt). A refunded one's receipt is still the record of what was paid.
 */
async function receiptEntry(prisma: PrismaClient, userId: string, id: string): Promise<EntryRow & { purchase: { id: string } }> {
  const row = await ownEntryRow(prisma, userId, id);
  if (!row.purchase || row.method === "free") throw new DomainError("NO_RECEIPT_FOR_FREE");
  return { ...row, purchase: row.purchase };
}

/**
 * POST /api/library/:id/receipt: the purchase's receipt sent again to the member's address now, with
 * fresh links (the first one's expire after days). The e-mail is sent before the answer, so a mail
 * server that refuses it is the member's error to see, not a silent loss.
 */
export async function resendReceipt(
  deps: Pick<AppDeps, "prisma" | "mailer" | "config">,
  signingKey: string,
  userId: string,
  id: string,
): Promise<LibraryReceiptResponse> {
  const { prisma } = deps;
  const entry = await receiptEntry(prisma, userId, id);
  const [purchase, buyer] = await Promise.all([
    prisma.purchase.findUniqueOrThrow({
      where: { id: entry.purchase.id },
      select: { ...RECORDED_PURCHASE_SELECT, loop: { select: { id: true, title: true } } },
    }),
    prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } }),
  ]);
  if (!buyer.email) throw new DomainError("NO_EMAIL_ADDRESS");
  // The receipt names the loop as it was bought (its licence's title), whatever it is called now.
  const view = toPurchase(purchase, { id: purchase.loop.id, title: entry.loopTitle }, paths.library(entry.id));
  await deps.mailer.send(purchaseReceipt(deps.config, signingKey, buyer.email, view, userId)).catch(() => {
    throw new DomainError("RECEIPT_NOT_SENT");
  });
  return { sentTo: buyer.email };
}
