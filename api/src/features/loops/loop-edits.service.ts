// A creator's listings (issue 37): editing a loop's listing (PATCH /api/loops/:id), its visibility,
// taking it down (DELETE /api/loops/:id), bulk actions, its history and a failed upload's retry.
// Every change and its history rows are one transaction: a refused edit changes nothing.
import { centsToPrice, type LoopVisibility, type UpdateLoop } from "@loop/rules/schemas/loops";
import { BULK_ACTION_VISIBILITY, type BulkLoopsRequest, type BulkLoopsResponse, type LoopHistory } from "@loop/rules/schemas/my-loops";
import type { Prisma, PrismaClient } from "../../db/prisma";
import { TX_DEFAULT } from "../../db/transactions";
import { UUID } from "../../http/uuid";
import { enqueue } from "../../jobs/queue";
import { PROCESS_LOOP, type ProcessLoopPayload } from "../../jobs/loop-worker";
import { closeOffersOffSale } from "../negotiations/close-offers-off-sale";
import { catalogChanged } from "./catalog-cache";
import { isReachable, visibilityColumns, visibilityOf } from "./loop-access";
import { creatorLoopView } from "./loop.view";
import { DomainError } from "../../domain-error";

type Tx = Prisma.TransactionClient;

/** The listing's fields as the history shows them (text, or null when unset). */
interface ListingSnapshot {
  title: string;
  description: string;
  tags: string;
  genre: string;
  bpm: string | null;
  key: string | null;
  price: string;
  visibility: LoopVisibility;
  contentType: string;
  artistName: string | null;
  albumName: string | null;
  releaseDate: string | null;
  lyrics: string | null;
}

const EDIT_SELECT = {
  id: true,
  userId: true,
  status: true,
  title: true,
  description: true,
  tags: true,
  genreId: true,
  genre: { select: { name: true } },
  bpm: true,
  key: true,
  priceCents: true,
  isFree: true,
  isPublic: true,
  unlisted: true,
  contentType: true,
  artistName: true,
  albumName: true,
  releaseDate: true,
  lyrics: true,
} satisfies Prisma.LoopSelect;
type EditableRow = Prisma.LoopGetPayload<{ select: typeof EDIT_SELECT }>;

const dateText = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

function snapshot(row: EditableRow): ListingSnapshot {
  return {
    title: row.title,
    description: row.description,
    tags: row.tags,
    genre: row.genre.name,
    bpm: row.bpm === null ? null : String(row.bpm),
    key: row.key,
    price: row.isFree ? "0.00" : centsToPrice(row.priceCents),
    visibility: visibilityOf(row),
    contentType: row.contentType,
    artistName: row.artistName,
    albumName: row.albumName,
    releaseDate: dateText(row.releaseDate),
    lyrics: row.lyrics,
  };
}

/**
 * The refusal for a loop that is not the caller's to change: 403 for one anyone may reach (its
 * existence is no secret), 404 otherwise, and for a loop taken down (gone for its creator too).
 */
function assertOwnLoop<T extends { userId: string; status: string; isPublic: boolean; unlisted: boolean }>(
  row: T | null,
  userId: string,
): asserts row is T {
  if (!row || row.status === "removed") throw new DomainError("LOOP_NOT_FOUND");
  if (row.userId !== userId) {
    if (isReachable(row)) throw new DomainError("NOT_LOOP_OWNER");
    throw new DomainError("LOOP_NOT_FOUND");
  }
}

/** PATCH /api/loops/:id, before its body is read: the refusal of a loop not the caller's comes first, whatever the body. */
export async function checkOwnLoop(prisma: PrismaClient, loopId: string, userId: string): Promise<void> {
  const row = UUID.test(loopId)
    ? await prisma.loop.findUnique({ where: { id: loopId }, select: { userId: true, status: true, isPublic: true, unlisted: true } })
    : null;
  assertOwnLoop(row, userId);
}

/** The caller's own loop, locked until the change commits (against a concurrent edit or purchase). */
async function lockOwnLoop(tx: Tx, loopId: string, userId: string): Promise<EditableRow> {
  const locked = UUID.test(loopId)
    ? await tx.$queryRaw<{ id: string }[]>`SELECT "id"::text FROM "app"."loops" WHERE "id" = ${loopId}::uuid FOR NO KEY UPDATE`
    : [];
  const row = locked.length > 0 ? await tx.loop.findUnique({ where: { id: loopId }, select: EDIT_SELECT }) : null;
  assertOwnLoop(row, userId);
  return row;
}

/** The history rows of what changed between two snapshots. */
async function recordChanges(tx: Tx, loopId: string, userId: string, before: ListingSnapshot, after: ListingSnapshot): Promise<void> {
  const changes = (Object.keys(after) as (keyof ListingSnapshot)[])
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ loopId, userId, field, fromValue: before[field], toValue: after[field] }));
  if (changes.length > 0) await tx.loopChange.createMany({ data: changes });
}

/** What the body asks for the visibility (`isPublic` is the older form: true public, false private). */
function requestedVisibility(input: UpdateLoop): LoopVisibility | undefined {
  if (input.visibility !== undefined) return input.visibility;
  return input.isPublic === undefined ? undefined : input.isPublic ? "public" : "private";
}

/**
 * The update of a loop's row for `input`, checked against the row: a genre that exists; a price
 * (0 is free, above 0 is paid, unless isFree is sent too); track fields only on a track (a loop
 * made a loop again loses them).
 */
async function updateData(tx: Tx, row: EditableRow, input: UpdateLoop): Promise<Prisma.LoopUncheckedUpdateInput> {
  if (input.genreId !== undefined && !(await tx.genre.findUnique({ where: { id: input.genreId }, select: { id: true } })))
    throw new DomainError("GENRE_REQUIRED");
  const isFree = input.isFree ?? (input.price !== undefined ? input.price === 0 : row.isFree);
  const contentType = input.contentType ?? row.contentType;
  const trackFields = [input.artistName, input.albumName, input.releaseDate, input.lyrics];
  if (contentType !== "track" && trackFields.some((value) => value !== undefined && value !== null))
    throw new DomainError("TRACK_FIELDS_ON_LOOP");
  const visibility = requestedVisibility(input);
  const track =
    contentType === "track"
      ? {
          artistName: input.artistName,
          albumName: input.albumName,
          releaseDate:
            input.releaseDate === undefined ? undefined : input.releaseDate === null ? null : new Date(`${input.releaseDate}T00:00:00Z`),
          lyrics: input.lyrics,
        }
      : { artistName: null, albumName: null, releaseDate: null, lyrics: null };
  return {
    ...(visibility === undefined ? {} : visibilityColumns(visibility)),
    title: input.title,
    description: input.description,
    genreId: input.genreId,
    bpm: input.bpm,
    key: input.key,
    tags: input.tags,
    contentType: input.contentType,
    ...track,
    isFree,
    priceCents: isFree ? 0 : (input.price ?? row.priceCents),
  };
}

/** After a change commits: the catalog's cached pages go, and a loop no longer on sale (or made free) closes its open offers. */
async function afterListingChange(prisma: PrismaClient, loops: { id: string; onSale: boolean }[]): Promise<void> {
  catalogChanged(prisma);
  for (const loop of loops) if (!loop.onSale) await closeOffersOffSale(prisma, loop.id);
}

/**
 * PATCH /api/loops/:id: the creator edits the listing. A price change applies to quotes made after
 * it (quotes and open offers keep their own terms); every changed field is in the loop's history.
 */
export async function updateLoop(prisma: PrismaClient, loopId: string, userId: string, input: UpdateLoop) {
  const updated = await prisma.$transaction(async (tx) => {
    const row = await lockOwnLoop(tx, loopId, userId);
    const after = await tx.loop.update({ where: { id: row.id }, data: await updateData(tx, row, input), include: { genre: true } });
    await recordChanges(tx, row.id, userId, snapshot(row), snapshot(after));
    return after;
  }, TX_DEFAULT);
  await afterListingChange(prisma, [{ id: updated.id, onSale: isReachable(updated) && !updated.isFree }]);
  return creatorLoopView(updated);
}

/**
 * DELETE /api/loops/:id: the creator takes the loop down. It leaves the catalog, search, profiles
 * and others' collections at once; its buyers keep it in their libraries, and its files are kept
 * while any of them holds it (the worker's sweep deletes them once none does: purge-removed-loops.ts).
 */
export async function takeDownLoop(prisma: PrismaClient, loopId: string, userId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const row = await lockOwnLoop(tx, loopId, userId);
    await tx.loop.update({ where: { id: row.id }, data: { status: "removed", removedAt: new Date() } });
    await tx.loopChange.create({ data: { loopId: row.id, userId, field: "status", fromValue: row.status, toValue: "removed" } });
  }, TX_DEFAULT);
  await afterListingChange(prisma, [{ id: loopId, onSale: false }]);
}

/** POST /api/loops/bulk: one action on many of the creator's loops, each in its own transaction; a refusal does not stop the others. */
export async function bulkLoops(prisma: PrismaClient, userId: string, request: BulkLoopsRequest): Promise<BulkLoopsResponse> {
  const results: BulkLoopsResponse["results"] = [];
  for (const id of new Set(request.loopIds)) {
    try {
      if (request.action === "take_down") await takeDownLoop(prisma, id, userId);
      else await updateLoop(prisma, id, userId, { visibility: BULK_ACTION_VISIBILITY[request.action] });
      results.push({ id, ok: true, message: null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  return { results };
}

/** GET /api/loops/:id/history: the creator's view of who changed what, newest first. */
export async function loopHistory(prisma: PrismaClient, loopId: string, userId: string): Promise<LoopHistory> {
  await checkOwnLoop(prisma, loopId, userId);
  const rows = await prisma.loopChange.findMany({
    where: { loopId },
    orderBy: [{ changedAt: "desc" }, { id: "desc" }],
    take: 200,
    include: { user: { select: { id: true, username: true } } },
  });
  return {
    changes: rows.map((row) => ({
      field: row.field as LoopHistory["changes"][number]["field"],
      from: row.fromValue,
      to: row.toValue,
      changedAt: row.changedAt.toISOString(),
      by: { id: row.user.id, username: row.user.username },
    })),
  };
}

/** POST /api/loops/:id/retry: a failed upload is processed again from its stored original. */
export async function retryLoop(prisma: PrismaClient, loopId: string, userId: string) {
  const loop = await prisma.$transaction(async (tx) => {
    const row = await lockOwnLoop(tx, loopId, userId);
    if (row.status !== "failed") throw new DomainError("LOOP_NOT_FAILED");
    await enqueue(tx, PROCESS_LOOP, { loopId: row.id } satisfies ProcessLoopPayload);
    return tx.loop.update({ where: { id: row.id }, data: { status: "processing", failureReason: null }, include: { genre: true } });
  }, TX_DEFAULT);
  return creatorLoopView(loop);
}
