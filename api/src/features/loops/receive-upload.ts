// Streams a multipart upload: the `audio` file goes straight to storage while its size is
// counted (busboy's fileSize limit), its first bytes are sniffed on the way, text fields are
// collected. Over the limit, or when the first bytes are not audio, the upload is refused at once:
// the partial file is deleted and the rest of the body is left to the answer (http/unread-body.ts).
// The file's SHA-256 is computed on the way too (the upload reward's duplicate rule, issue 22), and
// its first and last bytes are kept for what its header says (audio/header-probe.ts): a sample rate
// above MAX_SOURCE_SAMPLE_RATE is refused as soon as the header has arrived (issue 35).
import { MAX_SOURCE_SAMPLE_RATE, MAX_UPLOAD_BYTES } from "@loop/rules/schemas/loops";
import busboy from "busboy";
import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import type { Request } from "express";
import { HeaderCollector, type HeaderFacts } from "../../audio/header-probe";
import { sniffAudioFormat, SNIFF_BYTES, type AudioFormat } from "../../audio/sniff";
import type { Storage } from "../../storage/storage";
import { DomainError } from "../../domain-error";

export interface ReceivedUpload {
  fields: Record<string, string>;
  /** Null when the form had no (or an empty) `audio` file; nothing is stored then. */
  file: {
    format: AudioFormat | null;
    size: number;
    sha256: Buffer;
    /** What its header says (null when the format is not recognised). */
    header: HeaderFacts | null;
  } | null;
}

/** The refusal of a header whose sample rate is above the highest accepted, or null. */
export function sampleRateRefusal(header: HeaderFacts | null): DomainError | null {
  const rate = header?.sampleRate ?? null;
  return rate !== null && rate > MAX_SOURCE_SAMPLE_RATE ? new DomainError("UPLOAD_SAMPLE_RATE_TOO_HIGH", { sampleRate: rate }) : null;
}

export const FILE_FIELD = "audio";

/** Files of `bytes` or more are refused (413) with `refusal()`. */
export interface FileLimit {
  bytes: number;
  refusal: () => DomainError;
}

export const UPLOAD_SIZE_LIMIT: FileLimit = { bytes: MAX_UPLOAD_BYTES, refusal: () => new DomainError("FILE_TOO_LARGE") };

export function receiveUpload(req: Request, storage: Storage, key: string, limit: FileLimit = UPLOAD_SIZE_LIMIT): Promise<ReceivedUpload> {
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data")) return Promise.reject(new DomainError("UPLOAD_NOT_MULTIPART"));

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limit.bytes, files: 1, fields: 30, fieldSize: 100 * 1024, parts: 40 } });
    } catch (error) {
      reject(new DomainError("UPLOAD_MALFORMED", { cause: error }));
      return;
    }
    const fields: Record<string, string> = {};
    let stored: Promise<number> | null = null;
    let sniffer: Transform | null = null;
    let head = Buffer.alloc(0);
    const collector = new HeaderCollector();
    let rateChecked = false;
    const hash = createHash("sha256");
    let tooLarge = false;
    let settled = false;

    const fail = async (error: Error) => {
      if (settled) return;
      settled = true;
      // Nothing more goes to the parser (the answer drops the rest of the body), and the file
      // stream is cut, so that storage gives up on it now instead of waiting for its end.
      req.unpipe(parser);
      sniffer?.destroy();
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
      if (name !== FILE_FIELD || stored || settled) {
        stream.resume();
        return;
      }
      // Sniffs the first bytes on their way to storage (a 'data' listener would start the flow
      // before storage is ready to write): bytes that are not audio are refused at once.
      sniffer = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          collector.push(chunk);
          if (head.length < SNIFF_BYTES) {
            head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]).subarray(0, SNIFF_BYTES);
            if (head.length === SNIFF_BYTES && sniffAudioFormat(head) === null) {
              done();
              void fail(new DomainError("UPLOAD_INVALID_TYPE"));
              return;
            }
          }
          const format = head.length === SNIFF_BYTES ? sniffAudioFormat(head) : null;
          if (!rateChecked && format && collector.headComplete) {
            rateChecked = true;
            const refusal = sampleRateRefusal(collector.facts(format));
            if (refusal) {
              done();
              void fail(refusal);
              return;
            }
          }
          done(null, chunk);
        },
      });
      stream.on("limit", () => {
        tooLarge = true;
        void fail(limit.refusal());
      });
      stored = storage.put(key, stream.pipe(sniffer)).then((object) => object.size);
      stored.catch((error: unknown) => void fail(error instanceof Error ? error : new Error(String(error))));
    });
    parser.on("error", (error: Error) => void fail(new DomainError("UPLOAD_MALFORMED", { cause: error })));
    parser.on("partsLimit", () => void fail(new DomainError("UPLOAD_TOO_MANY_FIELDS")));
    parser.on("fieldsLimit", () => void fail(new DomainError("UPLOAD_TOO_MANY_FIELDS")));
    parser.on("close", () => {
      void (async () => {
        if (settled || tooLarge) return;
        const size = stored ? await stored.catch(() => -1) : 0;
        if (settled) return;
        settled = true;
        if (size < 0) return;
        if (stored && size === 0) await storage.delete(key);
        const format = sniffAudioFormat(head);
        resolve({
          fields,
          file: size > 0 ? { format, size, sha256: hash.digest(), header: format ? collector.facts(format) : null } : null,
        });
      })();
    });
    req.on("aborted", () => void fail(new DomainError("UPLOAD_ABORTED")));
    req.pipe(parser);
  });
}
