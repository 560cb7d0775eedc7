// Runs the pipeline in a fresh worker thread per file: the event loop stays free for requests,
// and the memory of a large decode is returned when the thread ends.
//
// The thread's memory is bounded three ways: the pipeline checks its heap + ArrayBuffers + WASM
// memories after every decoded chunk (./pipeline.ts MemoryMeter); V8's heap has a limit of its own
// (resourceLimits); and while the thread runs, this side samples the process's resident memory and
// ends the thread when it has grown past the limit since the thread started — the guard against one
// decode call that runs away (an AAC or M4A is decoded whole). Each way ends in the same refusal.
import { Worker } from "node:worker_threads";
import { AUDIO_HEAP_LIMIT_MB, AUDIO_MEMORY_LIMIT_MB, audioLimits, tooMuchMemory, type AudioLimits } from "./limits";
import { AudioRejected, type PipelineResult, type StorageBudget } from "./pipeline";
import type { WorkerReply, WorkerRequest } from "./worker-entry";

export { audioLimits } from "./limits";

/** Under tsx/vitest this file is TypeScript; bundled (build.mjs), the worker is dist/audio-worker.mjs. */
function workerEntry(): { url: URL } {
  const here = import.meta.url;
  return { url: new URL(here.endsWith(".ts") ? "./worker-dev.mjs" : "./audio-worker.mjs", here) };
}

export interface PipelineMemory {
  /** Highest heap + external memory (ArrayBuffers, WASM) of the thread, measured by it after each chunk. */
  peakThreadBytes: number;
  /** Highest resident memory of the process above its level when the thread started, sampled every 20 ms. */
  peakRssGrowthBytes: number;
}

export interface RunningPipeline {
  result: Promise<PipelineResult>;
  /** The memory figures, once the thread has ended (whatever the result). */
  memory: Promise<PipelineMemory>;
  /** Ends the thread at once (shutdown); `result` then rejects. */
  terminate(): Promise<void>;
}

export interface PipelineRunOptions {
  /** Longest audio processed (default: a track's). */
  limits?: AudioLimits;
  /** Memory bound of the thread (default AUDIO_MEMORY_LIMIT_MB). */
  memoryLimitMb?: number;
  /** Bytes the files made from the upload may take (the member's storage quota). */
  storage?: StorageBudget;
}

const RSS_SAMPLE_MS = 20;

/** Processes the file at `input` into `outDir` (see processAudioFile) in a new thread. */
export function runPipelineInWorker(input: string, outDir: string, options: PipelineRunOptions = {}): RunningPipeline {
  const { limits = audioLimits("track"), memoryLimitMb = AUDIO_MEMORY_LIMIT_MB, storage } = options;
  const limitBytes = memoryLimitMb * 1024 * 1024;
  const { url } = workerEntry();
  const baseline = process.memoryUsage.rss();
  const worker = new Worker(url, { resourceLimits: { maxOldGenerationSizeMb: Math.min(AUDIO_HEAP_LIMIT_MB, memoryLimitMb) } });
  const figures: PipelineMemory = { peakThreadBytes: 0, peakRssGrowthBytes: 0 };
  const sampleRss = () => {
    const growth = process.memoryUsage.rss() - baseline;
    figures.peakRssGrowthBytes = Math.max(figures.peakRssGrowthBytes, growth);
    return growth;
  };
  const memory = new Promise<PipelineMemory>((resolve) => worker.once("exit", () => resolve(figures)));
  const result = new Promise<PipelineResult>((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(sampler);
      sampleRss();
      done();
    };
    const sampler = setInterval(() => {
      if (sampleRss() <= limitBytes) return;
      settle(() => reject(new AudioRejected(tooMuchMemory(memoryLimitMb))));
      void worker.terminate();
    }, RSS_SAMPLE_MS);
    sampler.unref();
    worker.once("message", (reply: WorkerReply) => {
      figures.peakThreadBytes = reply.peakThreadBytes;
      settle(() => {
        if (reply.ok) resolve(reply.result);
        else reject(reply.rejected ? new AudioRejected(reply.message) : new Error(reply.message));
      });
      void worker.terminate();
    });
    worker.once("error", (error: Error & { code?: string }) => {
      settle(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new AudioRejected(tooMuchMemory(memoryLimitMb)) : error));
    });
    worker.once("exit", (code) => {
      settle(() => reject(new Error(`Audio worker stopped (exit code ${code}) before it answered`)));
    });
  });
  const request: WorkerRequest = { input, outDir, limits, memoryLimitMb, storage };
  worker.postMessage(request);
  return { result, memory, terminate: async () => void (await worker.terminate()) };
}
