// Processes uploaded loops off the request path: claims `loop.process` jobs (./queue.ts), runs the
// audio pipeline in a worker thread on a local copy of the upload (artefacts are written to a
// temporary directory and streamed to storage, never held whole in memory), stores every artefact,
// then flips the loop to ready in one update (with the job's completion). Refused audio ends failed with its reason; a crash leaves
// the claim to expire and the job is retried. The files made may take what the member's storage quota
// leaves (issue 35): the pipeline stops past it, and their stored sizes are recorded with the loop
// (`derived_bytes`), or the loop ends failed with the quota's figures when they no longer fit.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline as pipe } from "node:stream/promises";
import type { PrismaClient } from "../db/prisma";
import { TX_BATCH } from "../db/transactions";
import type { Logger } from "../deps";
import { audioLimits, runPipelineInWorker, type RunningPipeline } from "../audio/run-in-worker";
import { AudioRejected, type PipelineResult } from "../audio/pipeline";
import { formatTimings } from "../audio/timings";
import { notifyFollowersOfUpload } from "../features/follows/notify-followers";
import { catalogChanged } from "../features/loops/catalog-cache";
import { recordLoopFingerprint } from "../features/upload-rewards/audio-matches";
import { derivedBytesRefusal, processingAllowance } from "../features/loops/upload-limits";
import type { Storage } from "../storage/storage";
import { extend, finish, release, type ClaimedJob } from "./queue";
import { startQueuePoller } from "./queue-poller";

export const PROCESS_LOOP = "loop.process";

export interface ProcessLoopPayload {
  loopId: string;
}

export interface LoopWorkerOptions {
  prisma: PrismaClient;
  storage: Storage;
  logger?: Logger;
  /** Claim length: a job whose worker died is retried after this. A live worker renews its claim every third of it. */
  visibilityMs: number;
  /** Sleep between polls when the queue is empty (a wake() cuts it short). */
  pollMs?: number;
  /** Tests: runs after a job is claimed, before its pipeline. */
  afterClaim?: (job: ClaimedJob<ProcessLoopPayload>) => Promise<void>;
  /** Memory bound of the audio thread (default AUDIO_MEMORY_LIMIT_MB in audio/limits.ts). */
  audioMemoryLimitMb?: number;
}

export interface LoopWorker {
  /** Looks at the queue now instead of after the poll interval. */
  wake(): void;
  /** Graceful: stops polling; a job in progress is stopped and put back for another attempt. */
  stop(): Promise<void>;
  /** A crash, for tests: the thread and the loop stop, nothing is written; the claim expires. */
  kill(): Promise<void>;
}

export const artefactKeys = (loopId: string) => ({
  preview: `loops/${loopId}/preview.mp3`,
  mp3: `loops/${loopId}/audio.mp3`,
  wav: `loops/${loopId}/audio.wav`,
  peaks: `loops/${loopId}/peaks.json`,
});

const RETRY_DELAY_MS = 5_000;

export function startLoopWorker(options: LoopWorkerOptions): LoopWorker {
  const { prisma, storage, logger } = options;
  let killed = false;
  let pipeline: RunningPipeline | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  };
  async function failLoop(job: ClaimedJob<ProcessLoopPayload>, reason: string): Promise<void> {
    await prisma.$transaction(async (tx) => {
      await tx.loop.updateMany({
        where: { id: job.payload.loopId, status: "processing" },
        // Nothing made from it is stored: only its original counts against the quota.
        data: { status: "failed", failureReason: reason, derivedBytes: 0 },
      });
      await finish(tx, job, "failed", reason);
    });
  }

  async function processJob(job: ClaimedJob<ProcessLoopPayload>): Promise<void> {
    const loop = await prisma.loop.findUnique({ where: { id: job.payload.loopId } });
    if (!loop || loop.status !== "processing") return finish(prisma, job, "completed");
    if (job.attempts > job.maxAttempts) return failLoop(job, `Processing failed ${job.maxAttempts} times; please upload the file again.`);
    if (options.afterClaim) await options.afterClaim(job);
    // Stopped before the audio thread started (stop() had nothing to terminate): the job goes back to
    // the queue now, not when its claim expires. Killed, it is left as a crash leaves it.
    const putBack = () => (killed ? undefined : release(prisma, job, "worker stopped before processing", 0));
    if (!poller.running) return putBack();

    const keys = artefactKeys(loop.id);
    const workDir = await mkdtemp(path.join(tmpdir(), "loop-audio-"));
    // A long file (a 50 MB MP3 can be 54 minutes) may take longer than the claim: renew it meanwhile.
    heartbeat = setInterval(
      () => {
        if (killed) return stopHeartbeat();
        extend(prisma, job, options.visibilityMs).catch((error: unknown) =>
          logger?.error(`loop worker: could not renew the claim of job ${job.id}`, error),
        );
      },
      Math.max(250, Math.floor(options.visibilityMs / 3)),
    );
    let result: PipelineResult;
    /** Bytes of the stored files made from the upload. */
    let derivedBytes = 0;
    try {
      const started = Date.now();
      let running: RunningPipeline | null = null;
      // One line per processed file: how long it took, the audio thread's peak memory and, once
      // processed and stored, the time of each step (CPU, wall) and of the storage writes.
      const report = async (outcome: string, steps = "") => {
        const memory = await running?.memory;
        const mb = (bytes = 0) => (bytes / 1024 / 1024).toFixed(0);
        logger?.info(
          `loop worker: loop ${loop.id} ${outcome} in ${((Date.now() - started) / 1000).toFixed(1)} s (audio thread peak ${mb(memory?.peakThreadBytes)} MB, process memory +${mb(memory?.peakRssGrowthBytes)} MB)${steps}`,
        );
      };
      try {
        const input = path.join(workDir, "original");
        await pipe(await storage.getStream(loop.originalKey), createWriteStream(input));
        // Copying a large original takes a while: stop() may have come meanwhile.
        if (!poller.running) return await putBack();
        pipeline = running = runPipelineInWorker(input, workDir, {
          limits: audioLimits(loop.contentType),
          memoryLimitMb: options.audioMemoryLimitMb,
          storage: await processingAllowance(prisma, loop),
        });
        result = await pipeline.result;
      } catch (error) {
        if (killed) return;
        if (error instanceof AudioRejected) {
          await report(`refused (${error.message})`);
          return failLoop(job, error.message);
        }
        const message = error instanceof Error ? error.message : String(error);
        if (!poller.running) return release(prisma, job, `worker stopped: ${message}`, 0);
        logger?.error(`loop worker: job ${job.id} attempt ${job.attempts} failed`, error);
        if (job.attempts >= job.maxAttempts) return failLoop(job, `Processing failed: ${message}`);
        return release(prisma, job, message, RETRY_DELAY_MS);
      } finally {
        pipeline = null;
      }
      if (killed) return;
      const storing = Date.now();
      const stored = [
        await storage.put(keys.preview, createReadStream(result.files.preview)),
        // An MP3 upload's delivery file is the upload itself (result.files.mp3 is then the local copy of
        // the original, in workDir): stored as its own object under the mp3 key, like an encode, so that
        // downloads, deletion and the original's lifecycle stay independent of each other.
        await storage.put(keys.mp3, createReadStream(result.files.mp3)),
        await storage.put(keys.wav, createReadStream(result.files.wav)),
        await storage.put(keys.peaks, Buffer.from(JSON.stringify({ points: result.peaks.length, peaks: result.peaks }))),
      ];
      derivedBytes = stored.reduce((sum, object) => sum + object.size, 0);
      const mp3 = `MP3 ${result.mp3Original ? "as uploaded" : "encoded"}, ${result.mp3Kbps} kbps`;
      await report(
        "processed",
        `; ${mp3}; steps, CPU/wall s: ${formatTimings(result.timings)}; storage writes ${((Date.now() - storing) / 1000).toFixed(2)} s`,
      );
    } finally {
      stopHeartbeat();
      await rm(workDir, { recursive: true, force: true });
    }
    if (killed) return;
    // Its sound against every loop's (issue 35): heard before, its upload reward is decided 'duplicate' now.
    await recordLoopFingerprint(prisma, loop, result.fingerprint);
    const outcome = await prisma.$transaction(async (tx): Promise<{ refused: string; filesUnused: boolean } | null> => {
      // Files that take more than the upload reserved must still fit the quota (under the member's lock).
      const refusal = await derivedBytesRefusal(tx, loop, derivedBytes);
      if (refusal) {
        const failed = await tx.loop.updateMany({
          where: { id: loop.id, status: "processing" },
          data: { status: "failed", failureReason: refusal, derivedBytes: 0 },
        });
        await finish(tx, job, "failed", refusal);
        // Its files are deleted only when no loop uses them (not when another attempt made it ready meanwhile).
        return { refused: refusal, filesUnused: failed.count === 1 };
      }
      const changed = await tx.loop.updateMany({
        where: { id: loop.id, status: "processing" },
        data: {
          status: "ready",
          failureReason: null,
          derivedBytes,
          durationMs: result.durationMs,
          detectedBpm: result.detectedBpm,
          detectedKey: result.detectedKey,
          previewKey: keys.preview,
          mp3Key: keys.mp3,
          mp3Kbps: result.mp3Kbps,
          wavKey: keys.wav,
          peaksKey: keys.peaks,
        },
      });
      // The creator's followers hear of a public upload once: only the update that made it ready notifies.
      if (changed.count === 1) await notifyFollowersOfUpload(tx, loop.id);
      await finish(tx, job, "completed");
      // A creator with many followers: one notification row each, in this transaction.
      return null;
    }, TX_BATCH);
    if (outcome) {
      logger?.info(`loop worker: loop ${loop.id} refused after processing (${outcome.refused})`);
      if (outcome.filesUnused) for (const key of Object.values(keys)) await storage.delete(key);
      return;
    }
    // Listed from now on: cached catalog pages and searches of this process are dropped.
    catalogChanged(prisma);
  }

  const poller = startQueuePoller<ProcessLoopPayload>({
    prisma,
    queue: PROCESS_LOOP,
    visibilityMs: options.visibilityMs,
    pollMs: options.pollMs ?? 1_000,
    name: "loop worker",
    logger,
    run: processJob,
  });

  return {
    wake: poller.wake,
    async stop() {
      poller.halt();
      await pipeline?.terminate();
      if (!killed) await poller.done;
    },
    async kill() {
      killed = true;
      poller.halt();
      stopHeartbeat();
      await pipeline?.terminate();
    },
  };
}
