// Entry of the audio worker thread: one message in (the original bytes), one message out.
import { parentPort } from "node:worker_threads";
import { AudioRejected, processAudio } from "./pipeline";

export type WorkerReply =
  | { ok: true; result: Awaited<ReturnType<typeof processAudio>> }
  | { ok: false; rejected: boolean; message: string };

parentPort!.once("message", (bytes: Uint8Array) => {
  processAudio(bytes).then(
    (result) => {
      const reply: WorkerReply = { ok: true, result };
      parentPort!.postMessage(reply, [result.preview.buffer, result.mp3.buffer, result.wav.buffer] as ArrayBuffer[]);
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
