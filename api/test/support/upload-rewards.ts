// What the upload reward's tests share (upload-rewards.test.ts, upload-reward-farming.test.ts): uploads
// recorded without audio, waiting for one that has audio, moving a listing back in time, the reward entries.
import { createHash, randomUUID } from "node:crypto";
import { creatorLoopSchema, uploadLoopFieldsSchema } from "@loop/rules/schemas/loops";
import type { PrismaClient } from "../../src/db/prisma";
import { recordUpload } from "../../src/features/loops/record-upload";
import { createGenre } from "./listed-loop";
import { signInAdmin, type Member } from "./members";
import type { Browser } from "./siwe";
import { createTestApp, type TestApp } from "./test-app";
import { EVENT_DEADLINE_MS, waitFor } from "./wait";

/** The app of an upload reward test file: its worker running, a genre of its own to upload in, an admin; `stop` ends both. */
export async function startUploadRewardApp(): Promise<{ t: TestApp; genreId: number; admin: Member; stop: () => Promise<void> }> {
  const t = await createTestApp();
  const worker = t.startWorker();
  const genreId = await createGenre(t.db.prisma, `Genre ${randomUUID().slice(0, 8)}`);
  const stop = async () => {
    await worker.stop();
    await t.close();
  };
  return { t, genreId, admin: await signInAdmin(t), stop };
}

/**
 * A member's upload recorded as the upload path records it (recordUpload, its reward row), then
 * processed (the status change the worker makes): faster than real audio where only the rules matter.
 */
export async function recordedUpload(prisma: PrismaClient, userId: string, genreId: number, title = "Loop", price = "1"): Promise<string> {
  const id = randomUUID();
  await prisma.$transaction(async (tx) => {
    await recordUpload(tx, {
      id,
      userId,
      genreId,
      input: uploadLoopFieldsSchema.parse({ title, genreId: String(genreId), price }),
      originalFormat: "wav",
      originalBytes: 10,
      originalSha256: createHash("sha256").update(id).digest(),
      uploadReward: true,
    });
    // Processed at once: the worker, finding it ready, leaves it.
    await tx.loop.update({ where: { id }, data: { status: "ready" } });
  });
  return id;
}

/** The creator's view of an uploaded loop once the worker has decided it (ready or failed). */
export function processedUpload(as: Browser, id: string) {
  return waitFor(
    `loop ${id} to be processed`,
    async () => {
      const loop = creatorLoopSchema.parse((await as.get(`/api/loops/${id}/status`).expect(200)).body);
      return loop.status !== "processing" && loop;
    },
    EVENT_DEADLINE_MS,
    100,
  );
}

/** Reads and writes of the reward rows, on the database `prisma()` gives (the file's app, once started). */
export function rewardQueries(prisma: () => PrismaClient) {
  return {
    /** Moves the loops' listing back in time (the reward's window is measured from it). */
    listedHoursAgo: (loopIds: readonly string[], hours: number) =>
      prisma().$executeRaw`UPDATE "app"."upload_rewards" SET "listed_since" = CURRENT_TIMESTAMP - make_interval(hours => ${hours}::int)
        WHERE "loop_id" = ANY(${loopIds}::uuid[])`,
    /** The user's ledger entries of `kind` (a reward, or its return), with their postings' accounts. */
    rewardEntries: (userId: string, kind: "upload_reward" | "upload_reward_return" = "upload_reward") =>
      prisma().ledgerEntry.findMany({
        where: { kind, postings: { some: { account: { userId } } } },
        include: { postings: { include: { account: true } } },
      }),
  };
}
