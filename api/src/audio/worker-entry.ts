// Entry of the audio worker thread: one message in (the upload's file, the directory for the
// artefacts, the length cap and the memory limit), one message out (the result, or why the audio was
// refused, with the thread's peak memory either way).
import { parentPort } from "node:worker_threads";
import { tooMuchMemory, type AudioLimits } from "./limits";
import { AudioRejected, MemoryMeter, processAudioFile, type PipelineResult, type StorageBudget } from "./pipeline";

export interface WorkerRequest {
  input: string;
  outDir: string;
  limits: AudioLimits;
  memoryLimitMb: number;
  /** Bytes the files made from the upload may take (the member's storage quota); none: unbounded. */
  storage?: StorageBudget;
}

export type WorkerReply = ({ ok: true; result: PipelineResult } | { ok: false; rejected: boolean; message: string }) & {
  /** Highest heap + external (ArrayBuffers, WASM) memory of this thread, measured after each chunk. */
  peakThreadBytes: number;
};

parentPort!.once("message", (request: WorkerRequest) => {
  const memory = new MemoryMeter(request.memoryLimitMb * 1024 * 1024, tooMuchMemory(request.memoryLimitMb));
  processAudioFile(request.input, request.outDir, { limits: request.limits, memory, storage: request.storage }).then(
    (result) => {
      const reply: WorkerReply = { ok: true, result, peakThreadBytes: memory.peakBytes };
      parentPort!.postMessage(reply);
    },
    (error: unknown) => {
      const reply: WorkerReply = {
        ok: false,
        rejected: error instanceof AudioRejected,
        message: error instanceof Error ? error.message : String(error),
        peakThreadBytes: memory.peakBytes,
      };
      parentPort!.postMessage(reply);
    },
  );
});
