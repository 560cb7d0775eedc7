// Collections ("crates", issue 24): a member's named lists of loops, private or public. A private
// one is 404 to everyone but its owner (its existence is not told); a public one is read by anyone
// with its link. loop_count and updated_at follow the loops added and removed (trigger
// "collection_loops_count", migration 20261130090000_likes_collections_follows). The limits are
// checked under a lock (the owner's row for new collections, the collection's row for its loops),
// so concurrent calls cannot pass them.
import {
  MAX_COLLECTIONS_PER_MEMBER,
  MAX_LOOPS_PER_COLLECTION,
  type Collection,
  type CollectionListQuery,
  type CollectionListResponse,
  type CollectionPage,
  type CollectionPageQuery,
  type CreateCollection,
  type UpdateCollection,
} from "@loop/rules/schemas/collections";
import type { PrismaClient, Tx } from "../../db/prisma";
import { TX_DEFAULT } from "../../db/transactions";
import { UUID } from "../../http/uuid";
import { loopsFromCards } from "../loops/catalog.service";
import { DomainError } from "../../domain-error";

const ownerSelect = { select: { id: true, username: true, firstName: true } } as const;

interface CollectionRow {
  id: string;
  userId: string;
  name: string;
  description: string;
  isPublic: boolean;
  loopCount: number;
  createdAt: Date;
  updatedAt: Date;
  user: { id: string; username: string; firstName: string | null };
}

function collectionView(row: CollectionRow, viewerId: string | null, containsLoop: boolean | null = null): Collection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    loopCount: row.loopCount,
    owner: { id: row.user.id, username: row.user.username, firstName: row.user.firstName },
    isOwn: viewerId !== null && viewerId === row.userId,
    containsLoop,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new DomainError("COLLECTION_NOT_FOUND");

/** A collection the viewer may read: public, or their own. Anything else (malformed id too) is 404. */
async function readableCollection(prisma: PrismaClient | Tx, collectionId: string, viewerId: string | null): Promise<CollectionRow> {
  const row = UUID.test(collectionId)
    ? await prisma.collection.findUnique({ where: { id: collectionId }, include: { user: ownerSelect } })
    : null;
  if (!row || (!row.isPublic && row.userId !== viewerId)) throw notFound();
  return row;
}

/**
 * The owner's collection, its row locked (FOR NO KEY UPDATE) until the transaction ends; someone
 * else's, or none, is 404.
 */
async function lockOwnCollection(tx: Tx, collectionId: string, ownerId: string): Promise<void> {
  if (!UUID.test(collectionId)) throw notFound();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "app"."collections" WHERE "id" = ${collectionId}::uuid AND "user_id" = ${ownerId}::uuid FOR NO KEY UPDATE`;
  if (rows.length === 0) throw notFound();
}

/**
 * GET /api/collections: with `userId`, that member's public collections (anyone may ask); without,
 * the signed-in member's own (401 signed out), with `containsLoop` for `loopId`. The latest updated first.
 */
export async function listCollections(
  prisma: PrismaClient,
  viewerId: string | null,
  query: CollectionListQuery,
): Promise<CollectionListResponse> {
  if (query.userId !== undefined) {
    const rows = await prisma.collection.findMany({
      where: { userId: query.userId, isPublic: true },
      include: { user: ownerSelect },
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      take: MAX_COLLECTIONS_PER_MEMBER,
    });
    return { collections: rows.map((row) => collectionView(row, viewerId)) };
  }
  if (viewerId === null) throw new DomainError("UNAUTHORIZED");
  const loopId = query.loopId;
  const rows = await prisma.collection.findMany({
    where: { userId: viewerId },
    include: { user: ownerSelect, ...(loopId ? { loops: { where: { loopId }, select: { loopId: true } } } : {}) },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: MAX_COLLECTIONS_PER_MEMBER,
  });
  return {
    collections: rows.map((row) =>
      collectionView(row, viewerId, loopId ? ((row as { loops?: { loopId: string }[] }).loops?.length ?? 0) > 0 : null),
    ),
  };
}

/** POST /api/collections: at most MAX_COLLECTIONS_PER_MEMBER per member (409), counted under a lock of the member's row. */
export async function createCollection(prisma: PrismaClient, ownerId: string, input: CreateCollection): Promise<Collection> {
  const row = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "app"."users" WHERE "id" = ${ownerId}::uuid FOR NO KEY UPDATE`;
    const count = await tx.collection.count({ where: { userId: ownerId } });
    if (count >= MAX_COLLECTIONS_PER_MEMBER) throw new DomainError("COLLECTION_LIMIT_REACHED");
    return tx.collection.create({
      data: { userId: ownerId, name: input.name, description: input.description, isPublic: input.isPublic },
      include: { user: ownerSelect },
    });
  }, TX_DEFAULT);
  return collectionView(row, ownerId);
}

/** PATCH /api/collections/:id: the owner only (others 404). */
export async function updateCollection(
  prisma: PrismaClient,
  collectionId: string,
  ownerId: string,
  input: UpdateCollection,
): Promise<Collection> {
  if (!UUID.test(collectionId)) throw notFound();
  const { count } = await prisma.collection.updateMany({
    where: { id: collectionId, userId: ownerId },
    data: { name: input.name, description: input.description, isPublic: input.isPublic },
  });
  if (count === 0) throw notFound();
  return collectionView(await readableCollection(prisma, collectionId, ownerId), ownerId);
}

/** DELETE /api/collections/:id: the owner only (others 404). Its loops are not touched. */
export async function deleteCollection(prisma: PrismaClient, collectionId: string, ownerId: string): Promise<void> {
  if (!UUID.test(collectionId)) throw notFound();
  const { count } = await prisma.collection.deleteMany({ where: { id: collectionId, userId: ownerId } });
  if (count === 0) throw notFound();
}

/**
 * POST /api/collections/:id/loops: the owner adds a loop they may see (else 404 'Loop Not Found').
 * Adding it again changes nothing; a full collection (MAX_LOOPS_PER_COLLECTION) refuses a new one (409).
 */
export async function addCollectionLoop(prisma: PrismaClient, collectionId: string, ownerId: string, loopId: string): Promise<Collection> {
  await prisma.$transaction(async (tx) => {
    await lockOwnCollection(tx, collectionId, ownerId);
    const [loop] = await tx.$queryRaw<{ visible: boolean }[]>`
      SELECT (("status" = 'ready' AND "is_public") OR ("user_id" = ${ownerId}::uuid AND "status" <> 'removed')) AS visible
      FROM "app"."loops" WHERE "id" = ${loopId}::uuid FOR KEY SHARE`;
    if (!loop?.visible) throw new DomainError("LOOP_NOT_FOUND");
    const present = await tx.collectionLoop.findUnique({
      where: { collectionId_loopId: { collectionId, loopId } },
      select: { loopId: true },
    });
    if (present) return;
    const [{ loop_count: loopCount }] = await tx.$queryRaw<[{ loop_count: number }]>`
      SELECT "loop_count" FROM "app"."collections" WHERE "id" = ${collectionId}::uuid`;
    if (loopCount >= MAX_LOOPS_PER_COLLECTION) throw new DomainError("COLLECTION_FULL");
    await tx.collectionLoop.create({ data: { collectionId, loopId } });
  }, TX_DEFAULT);
  return collectionView(await readableCollection(prisma, collectionId, ownerId), ownerId, true);
}

/** DELETE /api/collections/:id/loops/:loopId: the owner only (others 404); a loop not in it changes nothing. */
export async function removeCollectionLoop(
  prisma: PrismaClient,
  collectionId: string,
  ownerId: string,
  loopId: string,
): Promise<Collection> {
  await prisma.$transaction(async (tx) => {
    await lockOwnCollection(tx, collectionId, ownerId);
    if (UUID.test(loopId)) await tx.collectionLoop.deleteMany({ where: { collectionId, loopId } });
  }, TX_DEFAULT);
  return collectionView(await readableCollection(prisma, collectionId, ownerId), ownerId, false);
}

/**
 * GET /api/collections/:id: the collection and a page of its loops, the latest added first. Loops
 * the viewer may not see (another creator's hidden, private or unfinished loops) are left out, and
 * not counted in `total`; `loopCount` counts every loop added.
 */
export async function collectionPage(
  prisma: PrismaClient,
  collectionId: string,
  viewerId: string | null,
  query: CollectionPageQuery,
): Promise<CollectionPage> {
  const collection = await readableCollection(prisma, collectionId, viewerId);
  const [page, counted] = await prisma.$transaction([
    prisma.$queryRaw<{ card_json: string }[]>`
      SELECT l."card_json"
      FROM "app"."collection_loops" c JOIN "app"."loops" l ON l."id" = c."loop_id"
      WHERE c."collection_id" = ${collection.id}::uuid
        AND ((l."status" = 'ready' AND l."is_public") OR (l."user_id" = ${viewerId}::uuid AND l."status" <> 'removed'))
      ORDER BY c."added_at" DESC, c."loop_id"
      LIMIT ${query.limit} OFFSET ${query.offset}`,
    prisma.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total
      FROM "app"."collection_loops" c JOIN "app"."loops" l ON l."id" = c."loop_id"
      WHERE c."collection_id" = ${collection.id}::uuid
        AND ((l."status" = 'ready' AND l."is_public") OR (l."user_id" = ${viewerId}::uuid AND l."status" <> 'removed'))`,
  ]);
  return {
    collection: collectionView(collection, viewerId),
    loops: await loopsFromCards(
      prisma,
      page.map((row) => row.card_json),
      viewerId,
    ),
    total: counted[0]?.total ?? 0,
  };
}
