// Streams a multipart upload: the `audio` file goes straight to storage while its size is
// counted (busboy's fileSize limit), its first bytes are kept for sniffing, text fields are
// collected. Over the limit the request is refused at once and the partial file deleted.
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "@loop/rules/schemas/loops";
import busboy from "busboy";
import { Transform } from "node:stream";
import type { Request } from "express";
import { sniffAudioFormat, SNIFF_BYTES, type AudioFormat } from "../../audio/sniff";
import { BadRequest, PayloadTooLarge } from "../../http/errors";
import type { Storage } from "../../storage/storage";

export interface ReceivedUpload {
  fields: Record<string, string>;
  /** Null when the form had no (or an empty) `audio` file; nothing is stored then. */
  file: { format: AudioFormat | null; size: number } | null;
}

export const FILE_FIELD = "audio";

export function receiveUpload(req: Request, storage: Storage, key: string, maxBytes = MAX_UPLOAD_BYTES): Promise<ReceivedUpload> {
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data")) return Promise.reject(new BadRequest("Expected a multipart/form-data upload"));

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: maxBytes, files: 1, fields: 30, fieldSize: 100 * 1024, parts: 40 } });
    } catch (error) {
      reject(new BadRequest("Malformed multipart upload", { cause: error }));
      return;
    }
    const fields: Record<string, string> = {};
    let stored: Promise<number> | null = null;
    let head = Buffer.alloc(0);
    let tooLarge = false;
    let settled = false;

    /** Stops reading into the parser; the rest of the body is discarded. */
    const stopReading = () => {
      req.unpipe(parser);
      req.resume();
    };
    const fail = async (error: Error) => {
      if (settled) return;
      settled = true;
      stopReading();
      if (stored) {
        await stored.catch(() => 0);
        await storage.delete(key).catch(() => {});
      }
      reject(error);
    };

    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      if (name !== FILE_FIELD || stored) {
        stream.resume();
        return;
      }
      // Keeps the first bytes for sniffing on their way to storage (a 'data' listener would
      // start the flow before storage is ready to write).
      const sniffer = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]).subarray(0, SNIFF_BYTES);
          done(null, chunk);
        },
      });
      stream.on("limit", () => {
        tooLarge = true;
        void fail(new PayloadTooLarge(UPLOAD_MESSAGES.tooLarge));
      });
      stored = storage.put(key, stream.pipe(sniffer)).then((object) => object.size);
      stored.catch((error: unknown) => void fail(error instanceof Error ? error : new Error(String(error))));
    });
    parser.on("error", (error: Error) => void fail(new BadRequest("Malformed multipart upload", { cause: error })));
    parser.on("partsLimit", () => void fail(new BadRequest("Too many form fields")));
    parser.on("fieldsLimit", () => void fail(new BadRequest("Too many form fields")));
    parser.on("close", () => {
      void (async () => {
        if (settled || tooLarge) return;
        const size = stored ? await stored.catch(() => -1) : 0;
        if (settled) return;
        settled = true;
        if (size < 0) return;
        if (stored && size === 0) await storage.delete(key);
        resolve({ fields, file: size > 0 ? { format: sniffAudioFormat(head), size } : null });
      })();
    });
    req.on("aborted", () => void fail(new BadRequest("Upload aborted")));
    req.pipe(parser);
  });
}
