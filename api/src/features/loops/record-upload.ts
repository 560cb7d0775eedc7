// The one way a new loop enters the catalog: its row (state processing) and its processing job,
// written in the caller's transaction. Used by uploads and by the demo catalog seed. A member's
// upload also becomes a candidate for the upload reward (issue 22, features/upload-rewards).
import type { UploadLoopFields } from "@loop/rules/schemas/loops";
import type { Prisma } from "../../db/prisma";
import { enqueue } from "../../jobs/queue";
import { PROCESS_LOOP, type ProcessLoopPayload } from "../../jobs/loop-worker";
import { registerUploadRewardInTx } from "../upload-rewards/upload-rewards.service";

export const originalKey = (loopId: string) => `loops/${loopId}/original`;

export interface NewLoop {
  id: string;
  userId: string;
  genreId: number;
  input: UploadLoopFields;
  /** Container sniffed from the stored original's bytes. */
  originalFormat: string;
  /** The stored original's size (the member's storage quota adds these up). */
  originalBytes: number;
  /** What the files made from it are predicted to take (counted with the original against the quota until processed). */
  derivedBytes?: number;
  /** SHA-256 of the stored original (the upload reward's duplicate rule). */
  originalSha256?: Buffer | null;
  /** A member's upload: it may earn the upload reward (not the demo catalog's loops). */
  uploadReward?: boolean;
  /** Backdated uploads (the demo catalog); now by default. */
  createdAt?: Date;
}

export async function recordUpload(tx: Prisma.TransactionClient, loop: NewLoop) {
  const { input } = loop;
  const created = await tx.loop.create({
    data: {
      id: loop.id,
      userId: loop.userId,
      genreId: loop.genreId,
      title: input.title,
      description: input.description,
      priceCents: input.isFree ? 0 : input.price,
      // A loop priced at 0 cannot be bought: it is free, whatever the checkbox said.
      isFree: input.isFree || input.price === 0,
      bpm: input.bpm,
      key: input.key ?? null,
      tags: input.tags,
      contentType: input.contentType,
      artistName: input.artistName ?? null,
      albumName: input.albumName ?? null,
      releaseDate: input.releaseDate ? new Date(`${input.releaseDate}T00:00:00Z`) : null,
      lyrics: input.lyrics ?? null,
      originalKey: originalKey(loop.id),
      originalFormat: loop.originalFormat,
      originalBytes: loop.originalBytes,
      derivedBytes: loop.derivedBytes ?? 0,
      originalSha256: loop.originalSha256 ? new Uint8Array(loop.originalSha256) : null,
      ...(loop.createdAt ? { createdAt: loop.createdAt, updatedAt: loop.createdAt } : {}),
    },
    include: { genre: true },
  });
  const payload: ProcessLoopPayload = { loopId: loop.id };
  await enqueue(tx, PROCESS_LOOP, payload);
  if (loop.uploadReward) await registerUploadRewardInTx(tx, loop.id, loop.userId);
  return created;
}
