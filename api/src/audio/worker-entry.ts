// Entry of the audio worker thread: one message in (the upload's file and the directory for the
// artefacts), one message out (the result, or why the audio was refused).
import { parentPort } from "node:worker_threads";
import { AudioRejected, processAudioFile, type PipelineResult } from "./pipeline";

export interface WorkerRequest {
  input: string;
  outDir: string;
}

export type WorkerReply = { ok: true; result: PipelineResult } | { ok: false; rejected: boolean; message: string };

parentPort!.once("message", (request: WorkerRequest) => {
  processAudioFile(request.input, request.outDir).then(
    (result) => {
      const reply: WorkerReply = { ok: true, result };
      parentPort!.postMessage(reply);
    },
    (error: unknown) => {
      const reply: WorkerReply = {
        ok: false,
        rejected: error instanceof AudioRejected,
        message: error instanceof Error ? error.message : String(error),
      };
      parentPort!.postMessage(reply);
    },
  );
});
