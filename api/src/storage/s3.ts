// Objects in a bucket of any S3-compatible server (AWS S3, MinIO, Cloudflare R2, ...), spoken to
// through the S3 REST API: requests signed with AWS Signature V4 (`aws4`) and sent with fetch.
// Streams are uploaded in parts (multipart upload) so a 50 MB upload never sits whole in memory.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import aws4 from "aws4";
import { assertValidKey, StorageNotFound, type ByteRange, type Storage } from "./storage";

export interface S3StorageOptions {
  /** The server's origin; null for AWS itself (`https://s3.<region>.amazonaws.com`). */
  endpoint: URL | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS) come with a session token. */
  sessionToken?: string | null;
  /** `<endpoint>/<bucket>/<key>` (MinIO and most servers) instead of `<bucket>.<endpoint host>/<key>`. */
  forcePathStyle: boolean;
  /** Bytes per part of a multipart upload (default 8 MiB; S3 refuses parts under 5 MiB but the last). */
  partSize?: number;
}

/** An answer of the S3 server that is not what the request needed. */
export class S3Error extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "S3Error";
  }
}

export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;
/** A whole request, body included (a part of 8 MiB included); streamed downloads only wait this long for the headers. */
const REQUEST_TIMEOUT_MS = 120_000;
/** Network errors and 5xx answers (S3's "SlowDown", "InternalError") are tried again, with these pauses. */
const RETRY_DELAYS_MS = [200, 1000];

const CONTENT_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  json: "application/json",
};

function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (extension && CONTENT_TYPES[extension]) || "application/octet-stream";
}

/** The URL of `key` in the bucket (keys are already checked: only `[A-Za-z0-9._/-]`). */
export function s3ObjectUrl(
  options: Pick<S3StorageOptions, "endpoint" | "region" | "bucket" | "forcePathStyle">,
  key: string,
  query = "",
): URL {
  const base = options.endpoint ?? new URL(`https://s3.${options.region}.amazonaws.com`);
  const path = key.split("/").map(encodeURIComponent).join("/");
  const url = options.forcePathStyle
    ? new URL(`${base.protocol}//${base.host}/${options.bucket}/${path}`)
    : new URL(`${base.protocol}//${options.bucket}.${base.host}/${path}`);
  url.search = query;
  return url;
}

function xmlValue(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return match ? match[1]! : null;
}

function asBuffer(body: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** fetch's "fetch failed" with what actually failed (ECONNREFUSED, ENOTFOUND, a timeout...). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error)
    return `${error.message}: ${"code" in cause && typeof cause.code === "string" ? `${cause.code} ` : ""}${cause.message}`;
  return error.message;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface S3Answer {
  response: Response;
  /** The body, read (empty for HEAD and for a successful streamed request). */
  text: string;
}

interface S3Request {
  method: "GET" | "HEAD" | "PUT" | "POST" | "DELETE";
  key: string;
  query?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Answer as soon as the headers arrive; the body is read by the caller. */
  streamed?: boolean;
}

/** Bytes waiting to become a part: whole chunks, cut only when a part is taken. */
class PendingBytes {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The first `size` bytes (all of them when size is larger). */
  take(size: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    const head = all.subarray(0, size);
    const rest = all.subarray(size);
    this.chunks = rest.length ? [rest] : [];
    this.length = rest.length;
    return head;
  }
}

export function createS3Storage(options: S3StorageOptions): Storage & { check(): Promise<void> } {
  const partSize = options.partSize ?? DEFAULT_PART_SIZE;
  if (!Number.isInteger(partSize) || partSize < MIN_PART_SIZE) throw new Error(`S3 part size must be at least ${MIN_PART_SIZE} bytes`);
  const credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
  };
  const where = `bucket "${options.bucket}" at ${(options.endpoint ?? s3ObjectUrl(options, "")).host}`;

  async function sendOnce(request: S3Request): Promise<S3Answer> {
    const url = s3ObjectUrl(options, request.key, request.query);
    const signed = aws4.sign(
      {
        service: "s3",
        region: options.region,
        method: request.method,
        host: url.host,
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers },
        body: request.body,
      },
      credentials,
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(signed.headers ?? {})) {
      // fetch sets these itself, to the same values that were signed.
      if (!/^(host|content-length)$/i.test(name) && value !== undefined) headers.set(name, String(value));
    }
    // Unsigned, so a proxy on the way cannot break the signature by rewriting it: bytes as stored.
    headers.set("Accept-Encoding", "identity");
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`timed out after ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(url, { method: request.method, headers, body: request.body, signal: controller.signal });
      // A streamed body is read by the caller, at the pace of its reader: only the headers were timed.
      if (request.streamed && response.ok) return { response, text: "" };
      return { response, text: request.method === "HEAD" ? "" : await response.text() };
    } finally {
      clearTimeout(timer);
    }
  }

  async function send(request: S3Request): Promise<S3Answer> {
    for (let attempt = 0; ; attempt++) {
      const retryable = attempt < RETRY_DELAYS_MS.length;
      try {
        const answer = await sendOnce(request);
        if (answer.response.status < 500 || !retryable) return answer;
      } catch (error) {
        if (!retryable) throw new Error(`S3 ${request.method} ${request.key} failed (${where}): ${describe(error)}`, { cause: error });
      }
      await sleep(RETRY_DELAYS_MS[attempt]!);
    }
  }

  function failure(request: S3Request, { response, text }: S3Answer): S3Error {
    const code = xmlValue(text, "Code");
    const message = xmlValue(text, "Message");
    return new S3Error(
      `S3 ${request.method} ${request.key} (${where}): ${response.status}${code ? ` ${code}` : ""}${message ? `: ${message}` : ""}`,
      response.status,
      code,
    );
  }

  /** Sends the request and reads the whole answer; anything but a 2xx is an S3Error. */
  async function call(request: S3Request): Promise<S3Answer> {
    const answer = await send(request);
    if (!answer.response.ok) throw failure(request, answer);
    // CompleteMultipartUpload may answer 200 and still fail, in the body.
    if (answer.text.includes("<Error>")) throw failure(request, answer);
    return answer;
  }

  const putObject = (key: string, body: Buffer) => call({ method: "PUT", key, headers: { "Content-Type": contentTypeOf(key) }, body });

  async function putStream(key: string, body: Readable): Promise<number> {
    const pending = new PendingBytes();
    let size = 0;
    let upload: { id: string; etags: string[] } | null = null;
    // One part uploads while the next one fills: at most two parts in memory.
    let inFlight: Promise<void> | null = null;

    const uploadPart = (id: string, etags: string[], bytes: Buffer) => {
      const number = etags.length + 1;
      etags.push("");
      const sent = call({ method: "PUT", key, query: `partNumber=${number}&uploadId=${encodeURIComponent(id)}`, body: bytes }).then(
        ({ response }) => {
          const etag = response.headers.get("etag");
          if (!etag) throw new S3Error(`S3 UploadPart ${key} (${where}): no ETag in the answer`, response.status, null);
          etags[number - 1] = etag;
        },
      );
      sent.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
      return sent;
    };

    try {
      for await (const chunk of body) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : asBuffer(chunk as Uint8Array);
        size += bytes.length;
        pending.push(bytes);
        while (pending.length >= partSize) {
          if (!upload) {
            const { text } = await call({ method: "POST", key, query: "uploads", headers: { "Content-Type": contentTypeOf(key) } });
            const id = xmlValue(text, "UploadId");
            if (!id) throw new S3Error(`S3 CreateMultipartUpload ${key} (${where}): no UploadId in the answer`, 200, null);
            upload = { id, etags: [] };
          }
          await inFlight;
          inFlight = uploadPart(upload.id, upload.etags, pending.take(partSize));
        }
      }
      if (!upload) {
        await putObject(key, pending.take(pending.length));
        return size;
      }
      await inFlight;
      if (pending.length > 0) await uploadPart(upload.id, upload.etags, pending.take(pending.length));
      const parts = upload.etags.map(
        (etag, index) =>
          `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</ETag></Part>`,
      );
      await call({
        method: "POST",
        key,
        query: `uploadId=${encodeURIComponent(upload.id)}`,
        headers: { "Content-Type": "application/xml" },
        body: Buffer.from(`<CompleteMultipartUpload>${parts.join("")}</CompleteMultipartUpload>`),
      });
      return size;
    } catch (error) {
      if (upload) {
        const { id } = upload;
        await inFlight?.catch(() => {});
        // The parts already stored are dropped (a bucket lifecycle rule for incomplete uploads is the safety net).
        await send({ method: "DELETE", key, query: `uploadId=${encodeURIComponent(id)}` }).catch(() => {});
      }
      throw error;
    }
  }

  async function stat(key: string) {
    assertValidKey(key);
    const request: S3Request = { method: "HEAD", key };
    const answer = await send(request);
    const { response } = answer;
    if (response.status === 404) return null;
    if (!response.ok) throw failure(request, answer);
    const length = Number(response.headers.get("content-length") ?? Number.NaN);
    if (!Number.isSafeInteger(length) || length < 0)
      throw new S3Error(`S3 HEAD ${key} (${where}): no Content-Length in the answer`, response.status, null);
    return { size: length };
  }

  /** The object's answer, its body still to read; a 404 for the key (not for the bucket) is StorageNotFound. */
  async function get(key: string, range?: ByteRange): Promise<Response> {
    assertValidKey(key);
    const request: S3Request = { method: "GET", key, streamed: true, headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {} };
    const answer = await send(request);
    if (answer.response.ok) return answer.response;
    const error = failure(request, answer);
    if (error.status === 404 && (error.code === null || error.code === "NoSuchKey")) throw new StorageNotFound(key);
    throw error;
  }

  /**
   * Exactly the bytes asked for. A server that answers more (the whole object, or a wider range:
   * some S3-compatible servers do) is cut down to them, since callers promise their own clients a length.
   */
  function rangeOf(key: string, response: Response, range: ByteRange, body: Readable): Readable {
    const length = range.end - range.start + 1;
    let first = 0;
    if (response.status === 206) {
      const served = /^bytes (\d+)-(\d+)\//.exec(response.headers.get("content-range") ?? "");
      if (!served || Number(served[1]) > range.start || Number(served[2]) < range.end) {
        body.destroy();
        throw new S3Error(
          `S3 GET ${key} (${where}): asked for bytes ${range.start}-${range.end}, got ${response.headers.get("content-range") ?? "no Content-Range"}`,
          206,
          null,
        );
      }
      first = Number(served[1]);
      if (first === range.start && Number(served[2]) === range.end) return body;
    }
    return Readable.from(sliced(body, range.start - first, length, key));
  }

  async function* sliced(source: Readable, skip: number, length: number, key: string): AsyncGenerator<Buffer> {
    let position = 0;
    for await (const chunk of source) {
      const bytes = chunk as Buffer;
      const from = Math.max(0, skip - position);
      const to = Math.min(bytes.length, skip + length - position);
      position += bytes.length;
      if (to > from) yield bytes.subarray(from, to);
      if (position >= skip + length) return; // stops the download
    }
    throw new S3Error(`S3 GET ${key} (${where}): the object ended before the range did`, 206, null);
  }

  return {
    async put(key, body) {
      assertValidKey(key);
      if (body instanceof Readable) return { size: await putStream(key, body) };
      const bytes = asBuffer(body);
      await putObject(key, bytes);
      return { size: bytes.length };
    },
    async getStream(key, range) {
      const response = await get(key, range);
      const body = response.body ? Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>) : Readable.from([]);
      return range ? rangeOf(key, response, range, body) : body;
    },
    async getBuffer(key) {
      const response = await get(key);
      return Buffer.from(await response.arrayBuffer());
    },
    stat,
    async delete(key) {
      assertValidKey(key);
      const request: S3Request = { method: "DELETE", key };
      const answer = await send(request);
      if (answer.response.ok || answer.response.status === 404) return;
      throw failure(request, answer);
    },
    /** Startup check: the bucket exists and these credentials may read it (a missing key is fine). */
    async check() {
      // A GET, not a HEAD: only a body tells a missing bucket from a missing key.
      const request: S3Request = { method: "GET", key: "loop-storage-check" };
      const answer = await send(request);
      if (answer.response.ok) return;
      const error = failure(request, answer);
      if (error.code === "NoSuchBucket")
        throw new S3Error(`S3 bucket "${options.bucket}" does not exist (${where}): create it or fix S3_BUCKET`, error.status, error.code);
      if (error.status === 404) return;
      if (error.status === 401 || error.status === 403) {
        throw new S3Error(
          `S3 refused the credentials for ${where} (${error.status}${error.code ? ` ${error.code}` : ""}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION and the key's permissions`,
          error.status,
          error.code,
        );
      }
      throw error;
    },
  };
}
