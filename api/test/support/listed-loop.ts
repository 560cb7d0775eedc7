// Loop rows as the worker leaves them, inserted straight into the database: the tests that need a
// catalog, a sale or a download share these instead of uploading and processing audio.
import { randomBytes, randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "../../src/db/prisma";
import type { TestApp } from "./test-app";

/** The row's fields a test sets; the rest are a ready, public loop's (`id` is made when not given). */
export type LoopRow = Omit<Prisma.LoopUncheckedCreateInput, "id" | "genreId" | "originalKey" | "originalFormat"> & {
  id?: string;
  /** The first genre (made if there is none) unless given. */
  genreId?: number;
};

/** A new genre named `name`; returns its id. */
export async function createGenre(prisma: PrismaClient, name: string): Promise<number> {
  return (await prisma.genre.create({ data: { name } })).id;
}

/** Inserts a ready, public loop (unless `row` says otherwise) with its original; returns its id. */
export async function insertLoopRow(prisma: PrismaClient, row: LoopRow): Promise<string> {
  const { id = randomUUID(), genreId, ...fields } = row;
  const genre = genreId ?? (await prisma.genre.findFirst({ orderBy: { id: "asc" } }))?.id ?? (await createGenre(prisma, "Test Genre"));
  await prisma.loop.create({
    data: {
      id,
      genreId: genre,
      status: "ready",
      isPublic: true,
      originalKey: `loops/${id}/original`,
      originalFormat: "wav",
      ...fields,
    },
  });
  return id;
}

/** A ready, public loop by `userId` (in the first genre, made if there is none): it makes the user a creator. */
export function createListedLoop(prisma: PrismaClient, userId: string, title = "Listed loop", priceCents = 0): Promise<string> {
  return insertLoopRow(prisma, { userId, title, priceCents });
}

/** A listed loop with its MP3 and WAV keys set (nothing stored behind them): either format can be bought. */
export function createSellableLoop(prisma: PrismaClient, userId: string, title: string, priceCents: number): Promise<string> {
  const id = randomUUID();
  return insertLoopRow(prisma, { id, userId, title, priceCents, mp3Key: `loops/${id}/mp3`, wavKey: `loops/${id}/wav` });
}

/**
 * A wallet sale as settlement records it (api/src/features/settlement/handlers/purchased.ts): the LOOP paid on chain, no
 * ledger entry; its transaction is made up unless `externalRef` is given.
 */
export function insertWalletSale(
  prisma: PrismaClient,
  sale: Omit<Prisma.PurchaseUncheckedCreateInput, "method" | "externalRef"> & { externalRef?: string },
) {
  return prisma.purchase.create({ data: { externalRef: `0x${randomBytes(32).toString("hex")}`, ...sale, method: "wallet" } });
}

/** Where a processed loop's MP3 and WAV are stored. */
export const audioKeys = (id: string) => ({ mp3Key: `loops/${id}/full.mp3`, wavKey: `loops/${id}/full.wav` });

/**
 * A loop whose MP3 and WAV (when `audio` has one) are in storage at its audioKeys: `audio`'s bytes,
 * by default text naming the title. It can be bought and downloaded. `row` may still unset the keys.
 */
export async function insertDownloadableLoop(
  t: Pick<TestApp, "db" | "storage">,
  row: LoopRow & { title: string },
  audio: { mp3: Buffer; wav?: Buffer } = { mp3: Buffer.from(`mp3 of ${row.title}`), wav: Buffer.from(`wav of ${row.title}`) },
): Promise<string> {
  const id = row.id ?? randomUUID();
  const keys = audioKeys(id);
  await insertLoopRow(t.db.prisma, { ...keys, ...row, id });
  await t.storage.put(keys.mp3Key, audio.mp3);
  if (audio.wav) await t.storage.put(keys.wavKey, audio.wav);
  return id;
}
