import { randomUUID } from "node:crypto";
import { MAX_AUDIO_SECONDS, uploadLoopFieldsSchema } from "@loop/rules/schemas/loops";
import type { PrismaClient } from "../../db/prisma";
import { UUID } from "../../http/uuid";
import { parse } from "../../http/validate";
import type { Storage } from "../../storage/storage";
import { creatorLoopView, type LoopWithGenre } from "./loop.view";
import { predictDerivedBytes } from "../../audio/stored-size";
import { sampleRateRefusal, type FileLimit, type ReceivedUpload } from "./receive-upload";
import { originalKey, recordUpload } from "./record-upload";
import { assertUploadAllowed, uploadAllowance } from "./upload-limits";
import { DomainError } from "../../domain-error";

/**
 * Checks the member's upload limits, receives the upload, checks it (its header's sample rate too),
 * and records the loop (processing) with its job in one transaction that checks the limits again,
 * counting the files its header says will be made from it (issue 35). Any refusal deletes the
 * stored file: no row, no file is left behind. `receive` stores the request's file under `key`
 * within `limit` (the router's receiveUpload: the service never sees the HTTP request).
 */
export async function uploadLoop(
  prisma: PrismaClient,
  storage: Storage,
  userId: string,
  receive: (key: string, limit: FileLimit) => Promise<ReceivedUpload>,
) {
  const limit = await uploadAllowance(prisma, userId);
  const id = randomUUID();
  const key = originalKey(id);
  const { fields, file } = await receive(key, limit);
  try {
    if (!file) throw new DomainError("UPLOAD_NO_FILE");
    if (!file.format) throw new DomainError("UPLOAD_INVALID_TYPE");
    const rateRefusal = sampleRateRefusal(file.header);
    if (rateRefusal) throw rateRefusal;
    // The form's fields come with the file (multipart), so they are checked here, not by the router.
    const input = parse(uploadLoopFieldsSchema, fields);
    // What the WAV, MP3, preview and peaks will take (0 when the header does not tell: decoding counts them).
    const derivedBytes = file.header
      ? predictDerivedBytes(file.header, {
          format: file.format,
          originalBytes: file.size,
          maxSeconds: MAX_AUDIO_SECONDS[input.contentType],
        })
      : 0;
    const genre = await prisma.genre.findUnique({ where: { id: input.genreId } });
    if (!genre) throw new DomainError("GENRE_REQUIRED");

    const loop = await prisma.$transaction(async (tx) => {
      await assertUploadAllowed(tx, userId, file.size, derivedBytes);
      return recordUpload(tx, {
        id,
        userId,
        genreId: genre.id,
        input,
        originalFormat: file.format!,
        originalBytes: file.size,
        derivedBytes,
        originalSha256: file.sha256,
        uploadReward: true,
      });
    });
    return creatorLoopView(loop);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** The creator's view of one of their loops (404 for anyone else's: its existence is not told). */
export async function ownLoop(prisma: PrismaClient, loopId: string, userId: string) {
  const loop: LoopWithGenre | null = UUID.test(loopId)
    ? await prisma.loop.findUnique({ where: { id: loopId }, include: { genre: true } })
    : null;
  // A loop taken down is gone for its creator too: its sales stay in the analytics.
  if (!loop || loop.userId !== userId || loop.status === "removed") throw new DomainError("LOOP_NOT_FOUND");
  return creatorLoopView(loop);
}
