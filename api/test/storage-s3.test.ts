import net from "node:net";
import { text } from "node:stream/consumers";
import { loopPeaksSchema } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { openStorage } from "../src/storage/open-storage";
import { createS3Storage, DEFAULT_PART_SIZE, s3ObjectUrl, type S3StorageOptions } from "../src/storage/s3";
import { signInMember } from "./support/members";
import { clickTrack, wavFile } from "./support/audio";
import { truncateAll } from "./support/database";
import { generatedStream, storageContract } from "./support/storage-contract";
import { startTestS3Server, type TestS3Server } from "./support/storage-s3-server";
import { createTestApp } from "./support/test-app";
import { waitFor } from "./support/wait";

const MiB = 1024 * 1024;

describe("S3 storage, against a local S3 server (s3rver) that checks every signature", () => {
  let server: TestS3Server;
  let options: S3StorageOptions;
  let storage: ReturnType<typeof createS3Storage>;

  beforeAll(async () => {
    server = await startTestS3Server();
    options = {
      endpoint: new URL(server.endpoint),
      region: server.region,
      bucket: server.bucket,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      forcePathStyle: true,
    };
    storage = createS3Storage(options);
  });
  afterAll(async () => {
    // Every request of every case was signed right.
    expect(server.rejected).toEqual([]);
    await server.close();
  });

  storageContract({ storage: () => storage });

  const since = (mark: number) => server.requests.slice(mark).map((r) => `${r.method} ${[...r.query.keys()].join("&")}`.trim());

  it("sends a small stream as one PUT, a large one as a multipart upload of 8 MiB parts", async () => {
    let mark = server.requests.length;
    await storage.put("loops/parts/small", generatedStream(3 * MiB));
    expect(since(mark)).toEqual(["PUT"]);

    mark = server.requests.length;
    await storage.put("loops/parts/large", generatedStream(2 * DEFAULT_PART_SIZE + 5));
    expect(since(mark)).toEqual([
      "POST uploads",
      "PUT partNumber&uploadId",
      "PUT partNumber&uploadId",
      "PUT partNumber&uploadId",
      "POST uploadId",
    ]);
    const parts = server.requests.slice(mark).filter((r) => r.query.has("partNumber"));
    expect(parts.map((r) => r.bodyBytes)).toEqual([DEFAULT_PART_SIZE, DEFAULT_PART_SIZE, 5]);
    expect(parts.map((r) => r.query.get("partNumber"))).toEqual(["1", "2", "3"]);
    expect(await storage.stat("loops/parts/large")).toEqual({ size: 2 * DEFAULT_PART_SIZE + 5 });
  });

  it("a stream that fails after some parts aborts its multipart upload", async () => {
    const mark = server.requests.length;
    await expect(storage.put("loops/parts/broken", generatedStream(30 * MiB, 17 * MiB))).rejects.toThrow("client went away");
    const asked = since(mark);
    expect(asked[0]).toBe("POST uploads");
    expect(asked.at(-1)).toBe("DELETE uploadId");
    expect(asked).not.toContain("POST uploadId");
    expect(await storage.stat("loops/parts/broken")).toBeNull();
  });

  it("Buffers are sent whole, with a content type from the key's extension", async () => {
    const mark = server.requests.length;
    await storage.put("loops/types/preview.mp3", Buffer.alloc(10 * MiB));
    await storage.put("loops/types/peaks.json", new Uint8Array(2));
    await storage.put("loops/types/original", Buffer.from("x"));
    expect(since(mark)).toEqual(["PUT", "PUT", "PUT"]);
    expect(server.requests.slice(mark).map((r) => r.contentType)).toEqual(["audio/mpeg", "application/json", "application/octet-stream"]);
  });

  it("a range is exactly the bytes asked for, even from a server that answers the whole object", async () => {
    await storage.put("loops/ranges/original", Buffer.from("0123456789"));
    server.ignoreRange = true;
    try {
      for (const [start, end, expected] of [
        [0, 0, "0"],
        [3, 5, "345"],
        [9, 9, "9"],
        [0, 9, "0123456789"],
      ] as const) {
        expect(await text(await storage.getStream("loops/ranges/original", { start, end }))).toBe(expected);
      }
    } finally {
      server.ignoreRange = false;
    }
  });

  it("a missing bucket is an error, not a missing key", async () => {
    const other = createS3Storage({ ...options, bucket: "no-such-bucket" });
    await expect(other.getBuffer("loops/a/original")).rejects.toThrow(/404 NoSuchBucket/);
  });

  describe("startup check", () => {
    it("passes for the bucket and its credentials", async () => {
      await expect(storage.check()).resolves.toBeUndefined();
      const opened = await openStorage({ driver: "s3", ...options, sessionToken: null });
      await opened.put("loops/opened/peaks.json", Buffer.from("[]"));
      expect(await storage.stat("loops/opened/peaks.json")).toEqual({ size: 2 });
    });

    it("names a missing bucket", async () => {
      await expect(createS3Storage({ ...options, bucket: "no-such-bucket" }).check()).rejects.toThrow(
        /S3 bucket "no-such-bucket" does not exist.*S3_BUCKET/,
      );
    });

    it("names refused credentials: unknown key, wrong secret", async () => {
      await expect(createS3Storage({ ...options, accessKeyId: "NOBODY" }).check()).rejects.toThrow(
        /S3 refused the credentials .*403 InvalidAccessKeyId.*S3_ACCESS_KEY_ID/,
      );
      await expect(createS3Storage({ ...options, secretAccessKey: "wrong" }).check()).rejects.toThrow(
        /S3 refused the credentials .*403 SignatureDoesNotMatch/,
      );
      server.rejected.length = 0; // the proxy refused these on purpose
    });

    it("names an endpoint that does not answer", async () => {
      const port = await closedPort();
      const closed = createS3Storage({ ...options, endpoint: new URL(`http://127.0.0.1:${port}`) });
      await expect(closed.check()).rejects.toThrow(
        `S3 GET loop-storage-check failed (bucket "loop-test" at 127.0.0.1:${port}): fetch failed: ECONNREFUSED`,
      );
    });
  });

  it("the app takes an upload, processes it and serves its preview (with ranges) through S3", async () => {
    const t = await createTestApp({ env: server.env });
    const worker = t.startWorker();
    try {
      expect(t.config.storage.driver).toBe("s3");
      await truncateAll(t.db.prisma);
      const genre = await t.db.prisma.genre.create({ data: { name: "House" } });
      const alice = (await signInMember(t)).browser;
      const upload = await alice
        .post("/api/loops/upload")
        .field("title", "Cloud Loop")
        .field("genreId", String(genre.id))
        .attach("audio", wavFile([clickTrack(120, 3)]), { filename: "cloud.wav", contentType: "audio/wav" })
        .expect(201);
      const id = upload.body.id as string;
      await waitFor("the upload to be processed", async () => (await alice.get(`/api/loops/${id}/status`)).body.status !== "processing");
      expect((await alice.get(`/api/loops/${id}/status`)).body.status).toBe("ready");
      const stored = server.requests
        .filter((r) => r.method === "PUT" && r.path.startsWith(`/${server.bucket}/loops/${id}/`))
        .map((r) => r.path.split("/").at(-1));
      expect(stored.sort()).toEqual(["audio.mp3", "audio.wav", "original", "peaks.json", "preview.mp3"]);

      const whole = await request(t.app).get(`/api/loops/${id}/preview`).buffer(true).parse(binary).expect(200);
      const preview = whole.body as Buffer;
      expect(whole.headers["content-type"]).toBe("audio/mpeg");
      expect(preview.length).toBeGreaterThan(1000);
      expect(preview.equals(await storage.getBuffer(`loops/${id}/preview.mp3`))).toBe(true);
      const part = await request(t.app)
        .get(`/api/loops/${id}/preview`)
        .set("Range", "bytes=100-199")
        .buffer(true)
        .parse(binary)
        .expect(206);
      expect(part.headers["content-range"]).toBe(`bytes 100-199/${preview.length}`);
      expect((part.body as Buffer).equals(preview.subarray(100, 200))).toBe(true);
      const peaks = await request(t.app).get(`/api/loops/${id}/peaks`).expect(200);
      expect(loopPeaksSchema.parse(peaks.body).peaks.length).toBeGreaterThan(0);
    } finally {
      await worker.stop();
      await t.close();
    }
  });
});

describe("S3 object URLs", () => {
  const base = { region: "eu-west-3", bucket: "loop-files" };
  it("path style under an endpoint, virtual-hosted style, AWS by default", () => {
    expect(s3ObjectUrl({ ...base, endpoint: new URL("http://127.0.0.1:9000"), forcePathStyle: true }, "loops/a/original").href).toBe(
      "http://127.0.0.1:9000/loop-files/loops/a/original",
    );
    expect(
      s3ObjectUrl({ ...base, endpoint: new URL("https://acc.r2.cloudflarestorage.com"), forcePathStyle: false }, "loops/a/x.mp3", "uploads")
        .href,
    ).toBe("https://loop-files.acc.r2.cloudflarestorage.com/loops/a/x.mp3?uploads");
    expect(s3ObjectUrl({ ...base, endpoint: null, forcePathStyle: false }, "loops/a/original").href).toBe(
      "https://loop-files.s3.eu-west-3.amazonaws.com/loops/a/original",
    );
  });
});

describe("storage configuration (STORAGE_DRIVER, S3_*)", () => {
  const s3 = { STORAGE_DRIVER: "s3", S3_BUCKET: "loop-files", S3_ACCESS_KEY_ID: "AKIA", S3_SECRET_ACCESS_KEY: "secret" };

  it("is the local disk by default", () => {
    const config = loadConfig({});
    expect(config.storage).toEqual({ driver: "local", filesDir: config.filesDir });
    expect(loadConfig({ STORAGE_DRIVER: "local", FILES_DIR: "/tmp/loop-files" }).storage).toEqual({
      driver: "local",
      filesDir: "/tmp/loop-files",
    });
  });

  it("S3 with defaults: AWS, us-east-1, virtual-hosted; an endpoint turns path style on", () => {
    expect(loadConfig(s3).storage).toEqual({
      driver: "s3",
      endpoint: null,
      region: "us-east-1",
      bucket: "loop-files",
      accessKeyId: "AKIA",
      secretAccessKey: "secret",
      sessionToken: null,
      forcePathStyle: false,
    });
    const minio = loadConfig({ ...s3, S3_ENDPOINT: "http://127.0.0.1:9000/", S3_REGION: "auto", S3_SESSION_TOKEN: "token" }).storage;
    expect(minio).toMatchObject({ driver: "s3", region: "auto", sessionToken: "token", forcePathStyle: true });
    expect(minio.driver === "s3" && minio.endpoint?.href).toBe("http://127.0.0.1:9000/");
    expect(loadConfig({ ...s3, S3_ENDPOINT: "https://acc.r2.cloudflarestorage.com", S3_FORCE_PATH_STYLE: "false" }).storage).toMatchObject({
      forcePathStyle: false,
    });
  });

  it.each([
    [{ STORAGE_DRIVER: "s3" }, "STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY"],
    [{ ...s3, S3_SECRET_ACCESS_KEY: " " }, "STORAGE_DRIVER=s3 needs S3_SECRET_ACCESS_KEY"],
    [{ ...s3, S3_ACCESS_KEY_ID: "" }, "STORAGE_DRIVER=s3 needs S3_ACCESS_KEY_ID"],
    [{ STORAGE_DRIVER: "gcs" }, 'STORAGE_DRIVER must be "local" or "s3", got "gcs"'],
    [{ S3_BUCKET: "loop-files" }, "S3_BUCKET is set but STORAGE_DRIVER is not"],
    [{ ...s3, S3_BUCKET: "Loop_Files" }, 'S3_BUCKET must be a bucket name (3-63 characters: a-z, 0-9, "." and "-"), got "Loop_Files"'],
    [{ ...s3, S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT must be an http(s) URL"],
    [{ ...s3, S3_ENDPOINT: "http://minio:9000/bucket" }, "S3_ENDPOINT must be an origin"],
    [{ ...s3, S3_REGION: "EU West" }, "S3_REGION must be a region name"],
    [{ ...s3, S3_FORCE_PATH_STYLE: "yes" }, 'S3_FORCE_PATH_STYLE must be true or false, got "yes"'],
  ])("refuses %j at startup", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

/** A port nothing listens on (just freed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Collects a binary body into a Buffer (superagent only does so for known binary types). */
function binary(res: unknown, done: (error: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  stream.on("end", () => done(null, Buffer.concat(chunks)));
}
