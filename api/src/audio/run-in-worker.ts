// Runs the pipeline in a fresh worker thread per file: the event loop stays free for requests,
// and the memory of a large decode is returned when the thread ends.
import { Worker } from "node:worker_threads";
import { AudioRejected, type PipelineResult } from "./pipeline";
import type { WorkerReply, WorkerRequest } from "./worker-entry";

/** Under tsx/vitest this file is TypeScript; bundled (build.mjs), the worker is dist/audio-worker.mjs. */
function workerEntry(): { url: URL } {
  const here = import.meta.url;
  return { url: new URL(here.endsWith(".ts") ? "./worker-dev.mjs" : "./audio-worker.mjs", here) };
}

export interface RunningPipeline {
  result: Promise<PipelineResult>;
  /** Ends the thread at once (shutdown); `result` then rejects. */
  terminate(): Promise<void>;
}

/** Processes the file at `input` into `outDir` (see processAudioFile) in a new thread. */
export function runPipelineInWorker(input: string, outDir: string): RunningPipeline {
  const { url } = workerEntry();
  const worker = new Worker(url, { resourceLimits: { maxOldGenerationSizeMb: 2048 } });
  const result = new Promise<PipelineResult>((resolve, reject) => {
    let settled = false;
    worker.once("message", (reply: WorkerReply) => {
      settled = true;
      void worker.terminate();
      if (reply.ok) resolve(reply.result);
      else reject(reply.rejected ? new AudioRejected(reply.message) : new Error(reply.message));
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`Audio worker stopped (exit code ${code}) before it answered`));
    });
  });
  const request: WorkerRequest = { input, outDir };
  worker.postMessage(request);
  return { result, terminate: async () => void (await worker.terminate()) };
}
