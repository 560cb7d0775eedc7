// A real S3-compatible server for the tests: s3rver (an S3 server in Node, files on disk) behind a
// small proxy that checks every request's AWS Signature V4 with AWS's own signer
// (@smithy/signature-v4) and its payload hash, since s3rver itself does not check V4 signatures.
// The proxy also records what was asked (method, query, body size) for the tests to look at.
import { createHash, createHmac, type BinaryLike } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SignatureV4 } from "@smithy/signature-v4";
import S3rver from "s3rver";

/** s3rver's built-in account. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";
const REGION = "us-east-1";

export interface RecordedS3Request {
  method: string;
  /** Path without the query, e.g. `/bucket/loops/a/original`. */
  path: string;
  query: URLSearchParams;
  bodyBytes: number;
  contentType: string | undefined;
}

export interface TestS3Server {
  /** Origin of the (checking) proxy: the S3 endpoint to configure. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request that reached the proxy, in order. */
  requests: RecordedS3Request[];
  /** Requests whose signature or payload hash was wrong (answered 403 SignatureDoesNotMatch). */
  rejected: string[];
  /** Answer GETs whole, as servers without range support do (the Range header is dropped on the way). */
  ignoreRange: boolean;
  /** The environment variables that select this server (STORAGE_DRIVER=s3...). */
  env: Record<string, string>;
  close(): Promise<void>;
}

type Data = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: Data): BinaryLike =>
  typeof data === "string"
    ? data
    : data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** SHA-256 (or HMAC-SHA-256 with a secret) in the shape the AWS signer takes. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytesOf(secret));
  }
  update(data: Data): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** X-Amz-Date (20260101T000000Z) as a Date. */
function amzDate(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw new Error(`bad X-Amz-Date "${value}"`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

async function signatureProblem(req: http.IncomingMessage, body: Buffer, signer: SignatureV4): Promise<string | null> {
  const authorization = req.headers.authorization;
  if (!authorization) return "no Authorization header";
  const parsed = AUTHORIZATION.exec(authorization);
  if (!parsed) return `malformed Authorization "${authorization}"`;
  const [, accessKeyId, , region, signedHeaderList] = parsed;
  if (accessKeyId !== ACCESS_KEY_ID) return null; // s3rver answers InvalidAccessKeyId itself
  if (region !== REGION) return `region ${region}, expected ${REGION}`;
  const payloadHash = req.headers["x-amz-content-sha256"];
  if (typeof payloadHash !== "string") return "no X-Amz-Content-Sha256";
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== createHash("sha256").update(body).digest("hex"))
    return "payload hash does not match the body";

  const url = new URL(req.url!, "http://proxy");
  const signedNames = signedHeaderList!.split(";");
  for (const required of ["host", "x-amz-date", "x-amz-content-sha256"]) {
    if (!signedNames.includes(required)) return `${required} is not signed`;
  }
  const headers: Record<string, string> = {};
  for (const name of signedNames) {
    const value = req.headers[name];
    if (value === undefined) return `signed header ${name} was not sent`;
    headers[name] = Array.isArray(value) ? value.join(",") : value;
  }
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const existing = query[name];
    query[name] = existing === undefined ? value : ([] as string[]).concat(existing, value);
  }
  const [hostname, port] = headers.host!.split(":");
  const expected = await signer.sign(
    {
      method: req.method!,
      protocol: "http:",
      hostname: hostname!,
      port: port ? Number(port) : undefined,
      path: url.pathname,
      query,
      headers,
    },
    { signingDate: amzDate(headers["x-amz-date"]!) },
  );
  return expected.headers.authorization === authorization
    ? null
    : `signature does not match (expected ${String(expected.headers.authorization)})`;
}

export async function startTestS3Server(bucket = "loop-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "loop-s3rver-"));
  const s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const upstream = await s3rver.run();
  const signer = new SignatureV4({
    service: "s3",
    region: REGION,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    sha256: NodeSha256,
    // S3 signs the path as sent (no second encoding).
    uriEscapePath: false,
  });
  const requests: RecordedS3Request[] = [];
  const rejected: string[] = [];

  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url!, "http://proxy");
      requests.push({
        method: req.method!,
        path: url.pathname,
        query: url.searchParams,
        bodyBytes: body.length,
        contentType: req.headers["content-type"],
      });
      signatureProblem(req, body, signer)
        .then((problem) => {
          if (problem) {
            rejected.push(`${req.method} ${req.url}: ${problem}`);
            res.writeHead(403, { "Content-Type": "application/xml" });
            res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
            return;
          }
          const headers = { ...req.headers };
          if (server.ignoreRange) delete headers.range;
          const forward = http.request(
            { host: upstream.address, port: upstream.port, method: req.method, path: req.url, headers },
            (answer) => {
              res.writeHead(answer.statusCode!, answer.headers);
              answer.pipe(res);
            },
          );
          forward.on("error", (error) => res.destroy(error));
          forward.end(body);
        })
        .catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const server: TestS3Server = {
    endpoint,
    region: REGION,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    requests,
    rejected,
    ignoreRange: false,
    env: {
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
  return server;
}
