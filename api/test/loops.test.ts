import { readdirSync } from "node:fs";
import decode from "@audio/decode";
import { UPLOAD_MESSAGES } from "@loop/rules/schemas/loops";
import { creatorLoopSchema } from "@loop/rules/schemas/loops";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseFrameHeader, readLameInfo } from "../src/audio/lame-tag";
import type { ProcessLoopPayload } from "../src/jobs/loop-worker";
import type { ClaimedJob } from "../src/jobs/queue";
import { createGenre } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { clickTrack, mp3File, wavFile } from "./support/audio";
import { type Browser } from "./support/siwe";
import { binary } from "./support/binary-body";
import { browser, createTestApp, type TestApp } from "./support/test-app";
import { EVENT_DEADLINE_MS } from "./support/wait";

type Fields = Record<string, string>;

function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe("loops: upload and processing", () => {
  let t: TestApp;
  let agent: Browser;
  let genreId: number;
  const smallWav = wavFile([clickTrack(120, 1)]);

  function upload(fields: Fields, file?: { bytes: Buffer; name: string; type?: string }, as: Browser = agent) {
    const request = as.post("/api/loops/upload");
    for (const [name, value] of Object.entries(fields)) void request.field(name, value);
    if (file) void request.attach("audio", file.bytes, { filename: file.name, contentType: file.type ?? "audio/wav" });
    return request;
  }

  async function expectNothingLeft(): Promise<void> {
    expect(await t.db.prisma.loop.count()).toBe(0);
    expect(await t.db.prisma.job.count()).toBe(0);
    expect(filesIn(t.config.filesDir)).toEqual([]);
  }

  async function waitForFinalStatus(id: string, timeoutMs = EVENT_DEADLINE_MS) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await agent.get(`/api/loops/${id}/status`).expect(200);
      if (body.status !== "processing") return creatorLoopSchema.parse(body);
      if (Date.now() > until) throw new Error(`loop ${id} still processing`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genreId = await createGenre(t.db.prisma, "House");
    agent = (await signInMember(t)).browser;
  });
  afterAll(() => t.close());

  describe("refusals leave nothing behind", () => {
    beforeEach(async () => {
      await t.db.prisma.job.deleteMany();
      await t.db.prisma.loop.deleteMany();
    });

    const valid: Fields = { title: "Beat", genreId: "" };
    const fields = (extra: Fields = {}) => ({ ...valid, genreId: String(genreId), ...extra });

    it("401 when signed out", async () => {
      const response = await upload(fields(), { bytes: smallWav, name: "a.wav" }, browser(t.app)).expect(401);
      expect(response.body).toMatchObject({ message: "Unauthorized" });
      await expectNothingLeft();
    });

    it("413 over 50 MB, refused while streaming, the partial file deleted", async () => {
      const big = Buffer.alloc(50 * 1024 * 1024 + 1024);
      smallWav.copy(big, 0, 0, 44);
      const response = await upload(fields(), { bytes: big, name: "big.wav" }).expect(413);
      expect(response.body).toMatchObject({ message: UPLOAD_MESSAGES.tooLarge });
      expect(response.body.message).toBe("File Too Large: Please select a file smaller than 50MB.");
      await expectNothingLeft();
    });

    it("400 Invalid File Type when the bytes are not audio, whatever the name and MIME type say", async () => {
      const response = await upload(fields(), {
        bytes: Buffer.from("<html>not audio at all</html>"),
        name: "song.mp3",
        type: "audio/mpeg",
      }).expect(400);
      expect(response.body.message).toMatch(/^Invalid File Type: /);
      await expectNothingLeft();
    });

    it("400 No File Selected", async () => {
      expect((await upload(fields()).expect(400)).body.message).toMatch(/^No File Selected: /);
      await expectNothingLeft();
    });

    it.each([
      ["missing title", { title: "" }, /^Title Required: /],
      ["blank title", { title: "   " }, /^Title Required: /],
      ["missing genre", { genreId: "" }, /^Genre Required: /],
      ["unknown genre", { genreId: "999999" }, /^Genre Required: /],
      ["negative price", { price: "-1" }, /^Invalid Price: /],
      ["price with 3 decimals", { price: "1.234" }, /^Invalid Price: /],
      ["price not a number", { price: "abc" }, /^Invalid Price: /],
      ["BPM below 20", { bpm: "19" }, /^Invalid BPM: /],
      ["BPM above 300", { bpm: "301" }, /^Invalid BPM: /],
      ["BPM not whole", { bpm: "120.5" }, /^Invalid BPM: /],
      ["track fields on a loop", { artistName: "Someone" }, /^Invalid Fields: /],
      ["lyrics on a loop", { contentType: "loop", lyrics: "la la" }, /^Invalid Fields: /],
    ])("400 for %s", async (_name, extra, message) => {
      const response = await upload(fields(extra as Fields), { bytes: smallWav, name: "a.wav" }).expect(400);
      expect(response.body.message).toMatch(message);
      await expectNothingLeft();
    });

    it("201 for a valid track with its track fields: status processing, a job queued, the original stored", async () => {
      const response = await upload(
        fields({
          contentType: "track",
          artistName: "Artist",
          albumName: "Album",
          releaseDate: "2026-01-31",
          lyrics: "la",
          price: "12.5",
          tags: " a, b ,,c",
        }),
        { bytes: smallWav, name: "whatever.bin", type: "application/octet-stream" },
      ).expect(201);
      const loop = creatorLoopSchema.parse(response.body);
      expect(loop).toMatchObject({
        status: "processing",
        contentType: "track",
        artistName: "Artist",
        releaseDate: "2026-01-31",
        price: "12.50",
        bpm: 120,
        tags: "a,b,c",
        genre: { id: genreId, name: "House" },
        duration: null,
      });
      expect(await t.db.prisma.job.count({ where: { queue: "loop.process", state: "queued" } })).toBe(1);
      expect(filesIn(t.config.filesDir)).toEqual(["original"]);
      await t.storage.delete(`loops/${loop.id}/original`);
    });

    it("GET /api/loops/:id/status: 404 for another user's loop, 401 signed out", async () => {
      const { body } = await upload(fields(), { bytes: smallWav, name: "a.wav" }).expect(201);
      const other = (await signInMember(t)).browser;
      await other.get(`/api/loops/${body.id}/status`).expect(404);
      await browser(t.app).get(`/api/loops/${body.id}/status`).expect(401);
      await agent.get(`/api/loops/not-a-uuid/status`).expect(404);
      await t.storage.delete(`loops/${body.id}/original`);
    });
  });

  describe("processing", () => {
    beforeAll(async () => {
      await t.db.prisma.job.deleteMany();
      await t.db.prisma.loop.deleteMany();
    });

    it("a WAV click track ends ready: duration, peaks, detected BPM, 30 s preview, MP3 and WAV", async () => {
      const worker = t.startWorker();
      try {
        const { body } = await upload(
          { title: "Clicks", genreId: String(genreId), key: "A minor" },
          { bytes: wavFile([clickTrack(125, 40)]), name: "c.wav" },
        ).expect(201);
        const loop = await waitForFinalStatus(body.id);
        expect(loop.failureReason).toBeNull();
        expect(loop.status).toBe("ready");
        expect(loop.duration).toBeCloseTo(40, 1);
        expect(loop.bpm).toBe(120);
        expect(Math.abs(loop.detectedBpm! - 125)).toBeLessThanOrEqual(2);
        expect(loop.key).toBe("A minor");
        expect(loop.detectedKey).toMatch(/^[A-G]#? (major|minor)$/);
        expect(loop.artefacts).toEqual({ preview: true, mp3: true, wav: true, peaks: true });

        const row = await t.db.prisma.loop.findUniqueOrThrow({ where: { id: loop.id } });
        const peaks = JSON.parse((await t.storage.getBuffer(row.peaksKey!)).toString()) as { peaks: number[][] };
        expect(peaks.peaks).toHaveLength(800);
        const preview = await decode(await t.storage.getBuffer(row.previewKey!));
        expect(preview.channelData[0]!.length / preview.sampleRate).toBeGreaterThan(29.5);
        expect(preview.channelData[0]!.length / preview.sampleRate).toBeLessThan(30.5);
        const mp3Bytes = await t.storage.getBuffer(row.mp3Key!);
        const mp3 = await decode(mp3Bytes);
        expect(mp3.channelData[0]!.length / mp3.sampleRate).toBeGreaterThan(39.5);
        // A WAV upload's MP3 is our 320 kbps encode (gapless: LAME Info frame), and the catalog says so.
        expect(parseFrameHeader(mp3Bytes, 0)!.bitrateKbps).toBe(320);
        expect(readLameInfo(mp3Bytes)).toMatchObject({ tag: "Info", tagCrcValid: true });
        expect(row.mp3Kbps).toBe(320);
        expect((await agent.get(`/api/loops/${loop.id}`).expect(200)).body.mp3Kbps).toBe(320);
        const wav = await t.storage.getBuffer(row.wavKey!);
        expect(wav.subarray(0, 4).toString()).toBe("RIFF");
        expect(wav.readUInt16LE(34)).toBe(16);
        expect(await t.db.prisma.job.findFirstOrThrow()).toMatchObject({ state: "completed", attempts: 1 });
      } finally {
        await worker.stop();
      }
    });

    it("an MP3 upload is decoded and processed too", async () => {
      const worker = t.startWorker();
      try {
        const bytes = await mp3File([clickTrack(100, 8)]); // 192 kbps CBR
        const { body } = await upload(
          { title: "Mp3", genreId: String(genreId), bpm: "90" },
          { bytes, name: "x.mp3", type: "audio/mpeg" },
        ).expect(201);
        const loop = await waitForFinalStatus(body.id);
        expect(loop.status).toBe("ready");
        expect(loop.duration).toBeGreaterThan(7.9);
        expect(loop.duration).toBeLessThan(8.2);
        expect(loop.bpm).toBe(90);
        expect(loop.artefacts).toEqual({ preview: true, mp3: true, wav: true, peaks: true });
        // Not encoded again: the MP3 download is the upload, byte for byte, at its own bitrate.
        const row = await t.db.prisma.loop.findUniqueOrThrow({ where: { id: loop.id } });
        expect(row.mp3Kbps).toBe(192);
        expect(row.mp3Key).not.toBe(row.originalKey);
        const publicLoop = (await agent.get(`/api/loops/${loop.id}`).expect(200)).body;
        expect(publicLoop.mp3Kbps).toBe(192);
        const listed = (await agent.get(`/api/loops?userId=${publicLoop.user.id}`).expect(200)).body.loops.find(
          (item: { id: string }) => item.id === loop.id,
        );
        expect(listed.mp3Kbps).toBe(192);
        const link = await agent.get(`/api/loops/${loop.id}/download?format=mp3`).expect(200);
        const file = await agent.get(link.body.downloadUrl).buffer(true).parse(binary).expect(200);
        expect(file.headers["content-type"]).toBe("audio/mpeg");
        expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
        const wav = await decode(await t.storage.getBuffer(row.wavKey!));
        expect(wav.channelData[0]!.length / wav.sampleRate).toBeCloseTo(loop.duration!, 2);
      } finally {
        await worker.stop();
      }
    });

    it("corrupt audio ends failed with a reason: a truncated WAV, a WAV header over garbage", async () => {
      const worker = t.startWorker();
      try {
        const full = wavFile([clickTrack(120, 4)]);
        const truncated = full.subarray(0, full.length / 2);
        const garbage = Buffer.concat([
          Buffer.from("RIFF\0\0\0\0WAVE"),
          Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251)),
        ]);
        const a = await upload({ title: "Truncated", genreId: String(genreId) }, { bytes: truncated, name: "t.wav" }).expect(201);
        const b = await upload({ title: "Garbage", genreId: String(genreId) }, { bytes: garbage, name: "g.wav" }).expect(201);
        const first = await waitForFinalStatus(a.body.id);
        const second = await waitForFinalStatus(b.body.id);
        expect(first).toMatchObject({ status: "failed", artefacts: { preview: false, mp3: false, wav: false, peaks: false } });
        expect(first.failureReason).toMatch(/^Truncated audio/);
        expect(second.status).toBe("failed");
        expect(second.failureReason).toMatch(/^Corrupt audio/);
      } finally {
        await worker.stop();
      }
    });

    it("a worker that crashes mid-job: the job is retried after its claim expires, and completes once", async () => {
      await t.db.prisma.job.deleteMany();
      let claimed!: () => void;
      const wasClaimed = new Promise<void>((resolve) => (claimed = resolve));
      const crashing = t.startWorker({
        visibilityMs: 1000,
        afterClaim: (_job: ClaimedJob<ProcessLoopPayload>) => {
          claimed();
          return new Promise<void>(() => {});
        },
      });
      const { body } = await upload(
        { title: "Retry", genreId: String(genreId) },
        { bytes: wavFile([clickTrack(120, 6)]), name: "r.wav" },
      ).expect(201);
      await wasClaimed;
      await crashing.kill();
      expect((await agent.get(`/api/loops/${body.id}/status`).expect(200)).body.status).toBe("processing");

      const healthy = t.startWorker();
      try {
        const loop = await waitForFinalStatus(body.id);
        expect(loop.status).toBe("ready");
        const jobs = await t.db.prisma.job.findMany();
        expect(jobs).toHaveLength(1);
        expect(jobs[0]).toMatchObject({ state: "completed", attempts: 2 });
      } finally {
        await healthy.stop();
      }
    });

    it("a worker stopped before its audio thread starts puts the job back at once, for the next worker", async () => {
      await t.db.prisma.job.deleteMany();
      let stopping!: Promise<void>;
      let claimed!: () => void;
      const wasClaimed = new Promise<void>((resolve) => (claimed = resolve));
      // stop() comes while the job is claimed and its file not yet handed to the audio thread (as
      // while a large original is copied): nothing is running that stop() could terminate.
      const stopped = t.startWorker({
        visibilityMs: 600_000,
        afterClaim: async () => {
          stopping = stopped.stop();
          claimed();
        },
      });
      const { body } = await upload(
        { title: "Stopped", genreId: String(genreId) },
        { bytes: wavFile([clickTrack(120, 6)]), name: "s.wav" },
      ).expect(201);
      await wasClaimed;
      await stopping;
      // Back in the queue now, not when its ten-minute claim expires.
      const [job] = await t.db.prisma.job.findMany();
      expect(job).toMatchObject({ state: "queued", attempts: 1 });
      expect(job!.lastError).toMatch(/^worker stopped/);
      expect((await agent.get(`/api/loops/${body.id}/status`).expect(200)).body.status).toBe("processing");

      const next = t.startWorker();
      try {
        expect((await waitForFinalStatus(body.id)).status).toBe("ready");
        expect(await t.db.prisma.job.findMany()).toMatchObject([{ state: "completed", attempts: 2 }]);
      } finally {
        await next.stop();
      }
    });
  });
});
