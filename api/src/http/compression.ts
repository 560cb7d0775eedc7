// Compressed answers (issue 36, Lighthouse "enable text compression"). The web's files are
// compressed once at build (web/vite-precompress.ts) and served as they are (static-web.ts); what
// the server writes per request (the pages' HTML, the API's JSON) is compressed here, cheaply:
// brotli at quality 4 (about 0.3 ms of CPU for a 20 kB catalog page, to a fifth of its size) or gzip
// at level 5 for a client without brotli. Only a whole answer written at once (res.send, res.json,
// res.end(body)) is compressed: a streamed one (event streams, audio, downloads, the sitemap's pages,
// the CSV) has sent its headers before it ends and goes out as it is.
import { constants, brotliCompress, brotliCompressSync, gzip, gzipSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { boundedMemo } from "./bounded-memo";

export type ContentCoding = "br" | "gzip";

/** Smaller answers are sent as they are: a packet or two either way, not worth the CPU. */
export const COMPRESS_MIN_BYTES = 1024;
/** Larger bodies are compressed on libuv's threads, so that one big answer does not hold the others. */
const SYNC_MAX_BYTES = 64 * 1024;

const BROTLI_DYNAMIC = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const GZIP_DYNAMIC = { level: 5 };

interface Weights {
  br: number;
  gzip: number;
}

/** Parsed Accept-Encoding headers: browsers send a handful of spellings, so each is parsed once. */
const keptWeights = boundedMemo<Weights>(64);
const NONE: Weights = { br: 0, gzip: 0 };

function parseWeights(header: string): Weights {
  const named = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";");
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]) || 0;
    }
    named.set(name.trim().toLowerCase(), q);
  }
  const any = named.get("*") ?? 0;
  return { br: named.get("br") ?? any, gzip: named.get("gzip") ?? named.get("x-gzip") ?? any };
}

function weightsOf(header: string | string[] | undefined): Weights {
  if (header === undefined || header === "") return NONE;
  const text = Array.isArray(header) ? header.join(",") : header;
  return keptWeights(text, () => parseWeights(text));
}

const BOTH = { br: true, gzip: true };

/**
 * The coding to answer with, of those `available`, by the client's Accept-Encoding: the one with the
 * highest q (brotli on a tie), never one it gives q=0; null: the body as it is (no header, identity).
 */
export function chooseCoding(
  acceptEncoding: string | string[] | undefined,
  available: { br: boolean; gzip: boolean } = BOTH,
): ContentCoding | null {
  const weights = weightsOf(acceptEncoding);
  const br = available.br ? weights.br : 0;
  const gz = available.gzip ? weights.gzip : 0;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? "br" : "gzip";
}

/** A type worth compressing: text, JSON, JavaScript, XML, SVG; never an event stream. */
export function isCompressibleType(contentType: string): boolean {
  return /^(?:text\/(?!event-stream)|application\/(?:json|javascript|ecmascript|x-javascript|xml|[\w.-]+\+(?:json|xml))\b|image\/svg\+xml)/i.test(
    contentType,
  );
}

/** Adds Accept-Encoding to the response's Vary (once). */
export function varyOnAcceptEncoding(res: ServerResponse): void {
  const vary = res.getHeader("Vary");
  if (vary === undefined) {
    res.setHeader("Vary", "Accept-Encoding");
    return;
  }
  const text = Array.isArray(vary) ? vary.join(", ") : String(vary);
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(text)) res.setHeader("Vary", `${text}, Accept-Encoding`);
}

/** Compressed bodies of answers kept by the catalog cache, by the body (a Buffer) or its text. */
const byBody = new WeakMap<object, Partial<Record<ContentCoding, Buffer>>>();
const byText = new Map<string, Partial<Record<ContentCoding, Buffer>>>();
const BY_TEXT_MAX = 128;

function remembered(key: object | string): Partial<Record<ContentCoding, Buffer>> {
  if (typeof key !== "string") {
    let entry = byBody.get(key);
    if (!entry) byBody.set(key, (entry = {}));
    return entry;
  }
  let entry = byText.get(key);
  if (!entry) {
    if (byText.size >= BY_TEXT_MAX) byText.delete(byText.keys().next().value as string);
    byText.set(key, (entry = {}));
  }
  return entry;
}

/**
 * `body` compressed with `coding` for a dynamic answer; `done` gets null when compression failed
 * (the body is then sent as it is). With `memoKey` (a body the catalog cache keeps: the same object,
 * or the same text, for every answer of the entry), each coding is computed once per key.
 */
export function compressBody(
  body: Buffer,
  coding: ContentCoding,
  done: (compressed: Buffer | null) => void,
  memoKey?: object | string,
): void {
  const memo = memoKey === undefined ? undefined : remembered(memoKey);
  const known = memo?.[coding];
  if (known) {
    done(known);
    return;
  }
  const keep = (compressed: Buffer) => {
    if (memo) memo[coding] = compressed;
    return compressed;
  };
  if (body.length <= SYNC_MAX_BYTES) {
    let compressed: Buffer;
    try {
      compressed =
        coding === "br"
          ? brotliCompressSync(body, { params: { ...BROTLI_DYNAMIC, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
          : gzipSync(body, GZIP_DYNAMIC);
    } catch {
      done(null);
      return;
    }
    done(keep(compressed));
    return;
  }
  const callback = (error: Error | null, compressed: Buffer) => done(error ? null : keep(compressed));
  if (coding === "br") brotliCompress(body, { params: { ...BROTLI_DYNAMIC, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, callback);
  else gzip(body, GZIP_DYNAMIC, callback);
}

/** Whether the answer, as its headers stand before its body is written, may be compressed. */
function compressibleAnswer(res: ServerResponse): boolean {
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  const type = res.getHeader("Content-Type");
  if (typeof type !== "string" || !isCompressibleType(type)) return false;
  if (res.hasHeader("Content-Encoding") || res.hasHeader("Content-Range")) return false;
  const cacheControl = res.getHeader("Cache-Control");
  if (typeof cacheControl === "string" && /no-transform/i.test(cacheControl)) return false;
  const disposition = res.getHeader("Content-Disposition");
  return !(typeof disposition === "string" && /^\s*attachment/i.test(disposition));
}

const ORIGINAL_END = Symbol("loop.compression.end");
type End = ServerResponse["end"];
type CompressingResponse = ServerResponse & { [ORIGINAL_END]: End; req: IncomingMessage };

/** res.end while the compression middleware is on: one shared function (no closure per request). */
function compressingEnd(this: CompressingResponse, chunk?: unknown, encoding?: unknown, callback?: unknown): CompressingResponse {
  const end = this[ORIGINAL_END] as (...args: unknown[]) => CompressingResponse;
  // Streamed (headers already out), or end(callback): as it is.
  if (this.headersSent || typeof chunk === "function" || !compressibleAnswer(this)) return end.call(this, chunk, encoding, callback);
  varyOnAcceptEncoding(this);
  if (chunk === undefined || chunk === null || this.req.method === "HEAD") return end.call(this, chunk, encoding, callback);
  const body =
    typeof chunk === "string"
      ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : null;
  const coding = body !== null && body.length >= COMPRESS_MIN_BYTES ? chooseCoding(this.req.headers["accept-encoding"]) : null;
  if (body === null || coding === null) return end.call(this, chunk, encoding, callback);
  const done = typeof encoding === "function" ? encoding : callback;
  compressBody(body, coding, (compressed) => {
    if (compressed === null) {
      end.call(this, body, done);
      return;
    }
    this.setHeader("Content-Encoding", coding);
    this.setHeader("Content-Length", compressed.length);
    end.call(this, compressed, done);
  });
  return this;
}

/**
 * Compresses every whole answer of a compressible type (HTML, JSON, text, XML, SVG) of at least
 * COMPRESS_MIN_BYTES for a client that accepts brotli or gzip, and marks every such answer
 * `Vary: Accept-Encoding`. Early in the stack: it only hooks the response's end.
 */
export function compressAnswers(): RequestHandler {
  return (_req, res, next) => {
    const hooked = res as unknown as CompressingResponse;
    hooked[ORIGINAL_END] = res.end;
    res.end = compressingEnd as unknown as typeof res.end;
    next();
  };
}
