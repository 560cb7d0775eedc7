import { randomUUID } from "node:crypto";
import { UPLOAD_MESSAGES, uploadLoopFieldsSchema } from "@loop/rules/schemas/loops";
import type { Request } from "express";
import type { PrismaClient } from "../../db/prisma";
import { BadRequest, NotFound } from "../../http/errors";
import { enqueue } from "../../jobs/queue";
import { PROCESS_LOOP, type ProcessLoopPayload } from "../../jobs/loop-worker";
import type { Storage } from "../../storage/storage";
import { creatorLoopView, type LoopWithGenre } from "./loop.view";
import { receiveUpload } from "./receive-upload";

export const originalKey = (loopId: string) => `loops/${loopId}/original`;

/**
 * Receives the upload, checks it, and records the loop (processing) with its job in one
 * transaction. Any refusal deletes the stored file: no row, no file is left behind.
 */
export async function uploadLoop(prisma: PrismaClient, storage: Storage, req: Request, userId: string) {
  const id = randomUUID();
  const key = originalKey(id);
  const { fields, file } = await receiveUpload(req, storage, key);
  try {
    if (!file) throw new BadRequest(UPLOAD_MESSAGES.noFile);
    if (!file.format) throw new BadRequest(UPLOAD_MESSAGES.invalidType);
    const parsed = uploadLoopFieldsSchema.safeParse(fields);
    if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? "Invalid upload");
    const input = parsed.data;
    const genre = await prisma.genre.findUnique({ where: { id: input.genreId } });
    if (!genre) throw new BadRequest(UPLOAD_MESSAGES.genre);

    const loop = await prisma.$transaction(async (tx) => {
      const created = await tx.loop.create({
        data: {
          id,
          userId,
          genreId: genre.id,
          title: input.title,
          description: input.description,
          priceCents: input.isFree ? 0 : input.price,
          isFree: input.isFree,
          bpm: input.bpm,
          key: input.key ?? null,
          tags: input.tags,
          contentType: input.contentType,
          artistName: input.artistName ?? null,
          albumName: input.albumName ?? null,
          releaseDate: input.releaseDate ? new Date(`${input.releaseDate}T00:00:00Z`) : null,
          lyrics: input.lyrics ?? null,
          originalKey: key,
          originalFormat: file.format!,
        },
        include: { genre: true },
      });
      const payload: ProcessLoopPayload = { loopId: id };
      await enqueue(tx, PROCESS_LOOP, payload);
      return created;
    });
    return creatorLoopView(loop);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** The creator's view of one of their loops (404 for anyone else's: its existence is not told). */
export async function ownLoop(prisma: PrismaClient, loopId: string, userId: string) {
  const loop: LoopWithGenre | null = /^[0-9a-f-]{36}$/i.test(loopId)
    ? await prisma.loop.findUnique({ where: { id: loopId }, include: { genre: true } })
    : null;
  if (!loop || loop.userId !== userId) throw new NotFound("Loop not found");
  return creatorLoopView(loop);
}
