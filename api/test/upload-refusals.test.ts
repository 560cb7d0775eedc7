// POST /api/loops/upload refused before its body was read — 401 signed out, 403 from another origin
// or banned, 413 over 50 MB or past the storage quota, 400 when the bytes are not audio, 429 past
// the uploads per hour — reaches real HTTP clients (curl, Node's fetch streaming a body, Node's fetch
// with a FormData as a browser sends it) against a listening server: the whole `{message}` answer,
// then the connection closed. A body that goes on past the bound loses its socket. (How soon the
// answer comes is the machine's speed, not a rule a test can hold: what matters is that it comes
// whole while the client is still sending, and that the server stops reading.)
// And the limits themselves: figures from the platform settings, checked again when the upload is
// recorded.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { bannedMessage } from "@loop/rules/schemas/admin-users";
import { UPLOAD_MESSAGES, storageQuotaMessage, uploadRateLimitMessage } from "@loop/rules/schemas/loops";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DISCARD_LIMIT_BYTES } from "../src/http/unread-body";
import { clickTrack, wavFile } from "./support/audio";
import { createGenre } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { APP_ORIGIN, createTestApp, type TestApp } from "./support/test-app";
import { UPLOAD_CLIENTS, endlessUpload, fetchUpload, sendUpload, type ClientAnswer, type UploadRequest } from "./support/upload-clients";

const MIB = 1024 * 1024;
const MINUTE_MS = 60 * 1000;
/** Over the 50 MB limit, as in the report (a 53 MB WAV). */
const BIG = 53 * MIB;
/**
 * The other refusals' bodies: more than the sockets' buffers hold on this machine (a few MB), so the
 * client is still sending when the answer is decided, as with a real file. (Sending 53 MB for each
 * of them cost the run a few seconds of CPU per client and refusal, and tested nothing more.)
 */
const SENDING = 16 * MIB;
const WAV_HEAD = wavFile([clickTrack(120, 0.1)]).subarray(0, 44);

describe("upload refusals and limits", () => {
  let t: TestApp;
  let server: Server;
  let url: string;
  let dir: string;
  let genreId: number;

  beforeAll(async () => {
    t = await createTestApp();
    genreId = await createGenre(t.db.prisma, `Upload Limits ${randomUUID()}`);
    server = t.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/loops/upload`;
    dir = mkdtempSync(path.join(os.tmpdir(), "loop-upload-clients-"));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });
  beforeEach(async () => {
    await t.db.prisma.platformSettings.update({ where: { id: true }, data: { uploadsPerHour: 20, uploadQuotaMb: 2048 } });
  });

  /** The headers of a member's own upload request (sent without the agent). */
  const headersOf = (member: { cookie: string }) => ({ Origin: APP_ORIGIN, Cookie: member.cookie });

  function upload(headers: Record<string, string>, file: Partial<UploadRequest["file"]> = {}): UploadRequest {
    return {
      url,
      headers,
      fields: { title: "Beat", genreId: String(genreId) },
      file: { name: "beat.wav", type: "audio/wav", head: WAV_HEAD, size: SENDING, ...file },
    };
  }

  /** Loops the member made earlier (rows only: what the limits count). */
  async function pastUploads(userId: string, uploads: { minutesAgo: number; bytes: number }[]) {
    await t.db.prisma.loop.createMany({
      data: uploads.map(({ minutesAgo, bytes }) => {
        const id = randomUUID();
        return {
          id,
          userId,
          genreId,
          title: "Earlier",
          originalKey: `loops/${id}/original`,
          originalFormat: "wav",
          originalBytes: bytes,
          createdAt: new Date(Date.now() - minutesAgo * MINUTE_MS),
        };
      }),
    });
  }

  function expectAnswer(answer: ClientAnswer, status: number, message: string) {
    if (!answer.ok) expect.fail(`no answer: ${answer.error} after ${answer.ms} ms`);
    expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toMatchObject({ status, body: { message } });
    expect(answer.headers.connection).toBe("close");
    return answer;
  }

  const storedFiles = () => readdirSync(t.config.filesDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

  describe.each(UPLOAD_CLIENTS)("%s gets the whole answer", (client) => {
    it("401 signed out", async () => {
      expectAnswer(await sendUpload(client, upload({ Origin: APP_ORIGIN }), dir), 401, "Unauthorized");
    });

    it("403 from another origin, and 403 for a banned member", async () => {
      const member = await signInMember(t);
      expectAnswer(
        await sendUpload(client, upload({ ...headersOf(member), Origin: "https://elsewhere.example" }), dir),
        403,
        "Cross-site request refused",
      );
      await t.db.prisma.user.update({ where: { id: member.id }, data: { isBanned: true, banReason: "Spam" } });
      expectAnswer(await sendUpload(client, upload(headersOf(member)), dir), 403, bannedMessage("Spam"));
    });

    it("413 over 50 MB, the partial file deleted", async () => {
      const member = await signInMember(t);
      expectAnswer(await sendUpload(client, upload(headersOf(member), { name: "big.wav", size: BIG }), dir), 413, UPLOAD_MESSAGES.tooLarge);
      expect(await t.db.prisma.loop.count({ where: { userId: member.id } })).toBe(0);
      expect(storedFiles()).toEqual([]);
    });

    it("400 Invalid File Type as soon as the first bytes are not audio", async () => {
      const member = await signInMember(t);
      const html = Buffer.from("<!doctype html><html><body>not audio</body></html>");
      expectAnswer(
        await sendUpload(client, upload(headersOf(member), { name: "song.mp3", type: "audio/mpeg", head: html, size: SENDING }), dir),
        400,
        UPLOAD_MESSAGES.invalidType,
      );
      expect(storedFiles()).toEqual([]);
    });

    it("429 past the uploads per hour (default 20), naming the limit and when to try again", async () => {
      const member = await signInMember(t);
      await pastUploads(member.id, [{ minutesAgo: 40, bytes: MIB }, ...Array.from({ length: 19 }, () => ({ minutesAgo: 5, bytes: MIB }))]);
      const answer = expectAnswer(await sendUpload(client, upload(headersOf(member)), dir), 429, uploadRateLimitMessage(20, 20 * 60));
      expect(answer.ok && answer.body).toContain("You can upload 20 files per hour. Try again in 20 minutes.");
      const retryAfter = Number(answer.ok && answer.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(19 * 60);
      expect(retryAfter).toBeLessThanOrEqual(20 * 60);
    });

    it("413 when the member's uploads already fill the storage quota (default 2 GB)", async () => {
      const member = await signInMember(t);
      await pastUploads(member.id, [
        { minutesAgo: 600, bytes: 1024 * MIB },
        { minutesAgo: 300, bytes: 1024 * MIB },
      ]);
      expectAnswer(await sendUpload(client, upload(headersOf(member)), dir), 413, storageQuotaMessage(2048 * MIB, 2048 * MIB));
    });
  });

  it("bytes that are not audio are refused after the first ones: nothing is stored while the rest arrives", async () => {
    const member = await signInMember(t);
    const boundary = "----garbage";
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reachedHold!: () => void;
    const holding = new Promise<void>((resolve) => (reachedHold = resolve));
    const chunks = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nNoise\r\n--${boundary}\r\nContent-Disposition: form-data; name="genreId"\r\n\r\n${genreId}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="n.wav"\r\nContent-Type: audio/wav\r\n\r\n<html>not audio</html>`,
      ),
      ...Array.from({ length: 32 }, () => Buffer.alloc(MIB, 0x41)),
    ];
    const answer = fetch(url, {
      method: "POST",
      headers: { ...headersOf(member), "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
      body: new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = chunks.shift();
          if (next) return controller.enqueue(next);
          reachedHold();
          await held;
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        },
      }),
    } as RequestInit);
    // 32 MB sent, most of it read by the server (the sockets hold a few MB): none of it was stored.
    await holding;
    expect(storedFiles()).toEqual([]);
    release();
    const response = await answer;
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 400,
      body: { message: UPLOAD_MESSAGES.invalidType },
    });
  });

  it("a body going on past the bound after a refusal loses its connection, soon", async () => {
    const result = await endlessUpload({ url, headers: { Origin: APP_ORIGIN } });
    // Answered at the bound and closed with the rest unread: the reset may overtake the answer.
    expect([401, null]).toContain(result.status);
    expect(result.written).toBeGreaterThan(DISCARD_LIMIT_BYTES);
    // What the sockets' buffers hold on top of the bound: the server stopped reading there.
    expect(result.written).toBeLessThan(DISCARD_LIMIT_BYTES + 32 * MIB);
  });

  it("a file that does not fit the quota's room is refused while it streams, with the quota's message", async () => {
    const member = await signInMember(t);
    await t.db.prisma.platformSettings.update({ where: { id: true }, data: { uploadQuotaMb: 100 } });
    await pastUploads(member.id, [{ minutesAgo: 90, bytes: 90 * MIB }]);
    expectAnswer(await fetchUpload(upload(headersOf(member), { size: 20 * MIB }), "stream"), 413, storageQuotaMessage(100 * MIB, 90 * MIB));
    expect(storedFiles()).toEqual([]);
    // One that fits is stored, and counted.
    const small = wavFile([clickTrack(120, 1)]);
    const { body } = await member.browser
      .post("/api/loops/upload")
      .field("title", "Fits")
      .field("genreId", String(genreId))
      .attach("audio", small, "a.wav")
      .expect(201);
    const loop = await t.db.prisma.loop.findUniqueOrThrow({ where: { id: body.id as string } });
    expect(loop.originalBytes).toBe(small.length);
    await t.storage.delete(loop.originalKey);
  });

  it("the limits follow the settings, and are checked again when the upload is recorded", async () => {
    const member = await signInMember(t);
    await t.db.prisma.platformSettings.update({ where: { id: true }, data: { uploadsPerHour: 2 } });
    await pastUploads(member.id, [{ minutesAgo: 50, bytes: MIB }]);
    // One upload left. A slow upload passes the check made before its body, and is still streaming…
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const boundary = "----held";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow\r\n--${boundary}\r\nContent-Disposition: form-data; name="genreId"\r\n\r\n${genreId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="s.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const wav = wavFile([clickTrack(120, 1)]);
    let step = 0;
    const slow = fetch(url, {
      method: "POST",
      headers: { ...headersOf(member), "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
      body: new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (step === 0) controller.enqueue(Buffer.concat([head, wav.subarray(0, 1024)]));
          if (step === 1) {
            await held;
            controller.enqueue(Buffer.concat([wav.subarray(1024), Buffer.from(`\r\n--${boundary}--\r\n`)]));
          }
          if (step === 2) controller.close();
          step++;
        },
      }),
    } as RequestInit);
    const partial = () => storedFiles().some((entry) => entry.name.endsWith(".part"));
    for (let tries = 0; !partial(); tries++) {
      if (tries > 100) throw new Error("the slow upload never reached storage");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // …while a quick one takes the last upload of the hour.
    await member.browser
      .post("/api/loops/upload")
      .field("title", "Quick")
      .field("genreId", String(genreId))
      .attach("audio", wav, "q.wav")
      .expect(201);
    release();
    const answer = await slow;
    expect(answer.status).toBe(429);
    expect(((await answer.json()) as { message: string }).message).toMatch(
      /^Upload Limit Reached: You can upload 2 files per hour\. Try again in 10 minutes\.$/,
    );
    expect(await t.db.prisma.loop.count({ where: { userId: member.id } })).toBe(2);
    expect(storedFiles().map((entry) => entry.name)).toEqual(["original"]);
  });
});
