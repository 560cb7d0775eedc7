// Real HTTP clients sending a multipart upload to a listening server: curl (a file on disk, as
// `curl -F audio=@file` sends it, with its Expect: 100-continue), Node's fetch with a body streamed
// from memory (chunked, `duplex: "half"`), Node's fetch with a FormData of a Blob (a Content-Length,
// as a browser sends it), and a raw socket that sends without end. Each reports what the client
// itself received, or how it failed.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";
import net from "node:net";
import { EVENT_DEADLINE_MS } from "./wait";

export interface UploadRequest {
  url: string;
  /** Extra headers (Origin, Cookie). */
  headers?: Record<string, string>;
  fields: Record<string, string>;
  /** The `audio` part: its first bytes, then zeros up to `size`. */
  file: { name: string; type: string; head: Buffer; size: number };
}

export type ClientAnswer =
  { ok: true; status: number; headers: Record<string, string>; body: string; ms: number } | { ok: false; error: string; ms: number };

export const UPLOAD_CLIENTS = ["curl", "fetch (stream)", "fetch (FormData)"] as const;
export type UploadClient = (typeof UPLOAD_CLIENTS)[number];

/** How long a client waits for its answer before giving up (a refusal takes well under a second). */
const CLIENT_TIMEOUT_MS = EVENT_DEADLINE_MS;
const CHUNK = Buffer.alloc(1024 * 1024);

export function sendUpload(client: UploadClient, request: UploadRequest, dir: string): Promise<ClientAnswer> {
  if (client === "curl") return curlUpload(request, dir);
  return fetchUpload(request, client === "fetch (stream)" ? "stream" : "form");
}

/** The file curl reads: `head`, then a hole up to `size` (no time spent writing zeros). */
function writeSparseFile(path: string, head: Buffer, size: number): void {
  const fd = openSync(path, "w");
  try {
    writeSync(fd, head);
    ftruncateSync(fd, size);
  } finally {
    closeSync(fd);
  }
}

export async function curlUpload(request: UploadRequest, dir: string): Promise<ClientAnswer> {
  const file = `${dir}/${randomBytes(6).toString("hex")}-${request.file.name}`;
  writeSparseFile(file, request.file.head, request.file.size);
  const args = [
    "--silent",
    "--show-error",
    "--max-time",
    String(CLIENT_TIMEOUT_MS / 1000),
    "--dump-header",
    "-",
    "--output",
    `${file}.body`,
  ];
  for (const [name, value] of Object.entries(request.headers ?? {})) args.push("--header", `${name}: ${value}`);
  for (const [name, value] of Object.entries(request.fields)) args.push("--form-string", `${name}=${value}`);
  args.push("--form", `audio=@${file};filename=${request.file.name};type=${request.file.type}`, request.url);
  const started = Date.now();
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile("curl", args, { encoding: "utf8" }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  const ms = Date.now() - started;
  if (code !== 0) return { ok: false, error: `curl exit ${code}: ${stderr.trim()}`, ms };
  // Header blocks of every answer (a 100 Continue first); the last is the final one.
  const blocks = stdout.split(/\r?\n\r?\n/).filter((block) => block.startsWith("HTTP/"));
  const final = blocks[blocks.length - 1]!.split(/\r?\n/);
  const status = Number(final[0]!.split(" ")[1]);
  const headers = Object.fromEntries(
    final.slice(1).map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { ok: true, status, headers, body: readFileSync(`${file}.body`, "utf8"), ms };
}

/** The multipart body, generated as it is sent: text fields, then the file's head and zeros. */
function* multipart(request: UploadRequest, boundary: string): Generator<Buffer> {
  for (const [name, value] of Object.entries(request.fields)) {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="${request.file.name}"\r\nContent-Type: ${request.file.type}\r\n\r\n`,
  );
  yield request.file.head;
  for (let left = request.file.size - request.file.head.length; left > 0; left -= CHUNK.length)
    yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

export async function fetchUpload(request: UploadRequest, mode: "stream" | "form"): Promise<ClientAnswer> {
  const started = Date.now();
  let init: RequestInit & { duplex?: "half" };
  if (mode === "stream") {
    const boundary = `----loop${randomBytes(8).toString("hex")}`;
    const parts = multipart(request, boundary);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    });
    init = { body, duplex: "half", headers: { ...request.headers, "Content-Type": `multipart/form-data; boundary=${boundary}` } };
  } else {
    const form = new FormData();
    for (const [name, value] of Object.entries(request.fields)) form.append(name, value);
    const bytes = Buffer.alloc(request.file.size);
    request.file.head.copy(bytes);
    form.append("audio", new Blob([bytes], { type: request.file.type }), request.file.name);
    init = { body: form, headers: request.headers };
  }
  try {
    const response = await fetch(request.url, { method: "POST", ...init, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
    const body = await response.text();
    return { ok: true, status: response.status, headers: Object.fromEntries(response.headers), body, ms: Date.now() - started };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return { ok: false, error: `${error instanceof Error ? error.message : String(error)}${cause}`, ms: Date.now() - started };
  }
}

/**
 * A client that sends a chunked body without end, whatever it is answered (a raw socket: Node's
 * http client would stop once it has the answer): resolves when the server closes the connection,
 * with what was written and the status it answered.
 */
export function endlessUpload(
  request: Omit<UploadRequest, "fields" | "file">,
): Promise<{ written: number; status: number | null; ms: number }> {
  const started = Date.now();
  const target = new URL(request.url);
  return new Promise((resolve) => {
    let written = 0;
    let received = "";
    const socket = net.connect(Number(target.port), target.hostname);
    const chunk = Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from("\r\n")]);
    const pump = () => {
      while (!socket.destroyed && socket.write(chunk)) written += CHUNK.length;
      if (!socket.destroyed) written += CHUNK.length;
    };
    socket.on("connect", () => {
      const headers = {
        ...request.headers,
        Host: target.host,
        "Content-Type": "multipart/form-data; boundary=x",
        "Transfer-Encoding": "chunked",
      };
      socket.write(
        `POST ${target.pathname} HTTP/1.1\r\n${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join("")}\r\n`,
      );
      pump();
    });
    socket.on("drain", pump);
    socket.on("data", (data: Buffer) => (received += data.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received);
      resolve({ written, status: status ? Number(status[1]) : null, ms: Date.now() - started });
    });
    socket.setTimeout(CLIENT_TIMEOUT_MS, () => socket.destroy());
  });
}
