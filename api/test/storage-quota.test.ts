// Storage that a silent file multiplies (issue 35): a few KB of FLAC can hold half an hour of audio
// whose WAV takes hundreds of MB (over a GB at 192 kHz). The sample rate is capped at 96 kHz, the
// stored files are made at 48 kHz at most, and a member's storage quota counts every stored byte of
// their loops: the original and the files made from it. Refused with 413 and the quota's figures
// before processing when the header tells their size; the loop ends failed with the reason when
// only decoding tells.
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import {
  MAX_DERIVED_SAMPLE_RATE,
  formatStorageSize,
  sampleRateTooHighMessage,
  storageQuotaProcessingMessage,
} from "@loop/rules/schemas/loops";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseFrameHeader } from "../src/audio/lame-tag";
import { Resampler } from "../src/audio/resample";
import { artefactKeys } from "../src/jobs/loop-worker";
import { clickTrack, wavFile } from "./support/audio";
import { silentFlac } from "./support/audio-bombs";
import { createGenre, insertLoopRow } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { createTestApp, type TestApp } from "./support/test-app";
import { waitFor } from "./support/wait";

const MIB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;

describe("the storage quota counts every stored byte", () => {
  let t: TestApp;
  let genreId: number;

  beforeAll(async () => {
    t = await createTestApp();
    genreId = await createGenre(t.db.prisma, `Stored Bytes ${randomUUID()}`);
    t.startWorker({ pollMs: 50 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.prisma.platformSettings.update({ where: { id: true }, data: { uploadsPerHour: 20, uploadQuotaMb: 2048 } });
  });

  const upload = (member: Member, file: Buffer, filename: string, contentType: "loop" | "track" = "track") =>
    member.browser
      .post("/api/loops/upload")
      .field("title", filename)
      .field("genreId", String(genreId))
      .field("contentType", contentType)
      .attach("audio", file, filename);

  /** A loop the member uploaded earlier (a row: what the quota counts), long enough ago not to count as this hour's. */
  async function earlierUpload(userId: string, bytes: number) {
    await insertLoopRow(t.db.prisma, {
      userId,
      genreId,
      title: "Earlier",
      status: "failed",
      originalBytes: bytes,
      createdAt: new Date(Date.now() - 10 * HOUR_MS),
    });
  }

  /** The loop once the worker is done with it. */
  async function processed(loopId: string) {
    return waitFor(`loop ${loopId} to be processed`, async () => {
      const loop = await t.db.prisma.loop.findUniqueOrThrow({ where: { id: loopId } });
      return loop.status !== "processing" && loop;
    });
  }

  /** Bytes stored under the loop's keys: the original and every file made from it. */
  async function storedBytes(loopId: string) {
    const keys = [`loops/${loopId}/original`, ...Object.values(artefactKeys(loopId))];
    const sizes = await Promise.all(keys.map(async (key) => (await t.storage.stat(key))?.size ?? 0));
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  const storedFiles = () => readdirSync(t.config.filesDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

  it("a 192 kHz stereo FLAC of silence uploaded as a track is refused: nothing stored, nothing counted", async () => {
    const member = await signInMember(t);
    // 30 minutes: 1.3 MB of FLAC, a 1.4 GB WAV at its rate.
    const bomb = silentFlac({ seconds: 30 * 60, sampleRate: 192_000, channels: 2 });
    expect(bomb.length).toBeLessThan(2 * MIB);
    const before = storedFiles().length;
    const answer = await upload(member, bomb, "half-hour.flac");
    expect({ status: answer.status, body: answer.body as unknown }).toMatchObject({
      status: 400,
      body: { message: sampleRateTooHighMessage(192_000) },
    });
    expect(answer.body.message).toBe("Sample Rate Too High: This file is 192 kHz; please upload audio at 96 kHz or less.");
    expect(await t.db.prisma.loop.count({ where: { userId: member.id } })).toBe(0);
    expect(storedFiles().length).toBe(before);
  });

  it("a 96 kHz upload's WAV, MP3 and preview are stored at 48 kHz (88.2 kHz: at 44.1 kHz), the same length and beat", async () => {
    const member = await signInMember(t);
    for (const [rate, stored] of [
      [96_000, 48_000],
      [88_200, 44_100],
    ] as const) {
      const seconds = 8;
      const wav = wavFile([clickTrack(120, seconds, rate), clickTrack(120, seconds, rate)], rate);
      const answer = await upload(member, wav, `${rate}.wav`, "loop").expect(201);
      const loop = await processed(answer.body.id as string);
      expect(loop).toMatchObject({ status: "ready", failureReason: null, durationMs: seconds * 1000, detectedBpm: 120 });
      const file = await t.storage.getBuffer(loop.wavKey!);
      expect(stored).toBeLessThanOrEqual(MAX_DERIVED_SAMPLE_RATE);
      expect({ rate: file.readUInt32LE(24), channels: file.readUInt16LE(22), frames: file.readUInt32LE(40) / 4 }).toEqual({
        rate: stored,
        channels: 2,
        frames: seconds * stored,
      });
      // The first frame of each MP3 (the LAME Info frame carries the stream's header).
      expect(parseFrameHeader(await t.storage.getBuffer(loop.mp3Key!))?.sampleRate).toBe(stored);
      expect(parseFrameHeader(await t.storage.getBuffer(loop.previewKey!))?.sampleRate).toBe(stored);
      // What the loop takes is what is stored for it.
      expect(loop.originalBytes + loop.derivedBytes).toBe(await storedBytes(loop.id));
    }
  });

  it("a quota near full refuses an upload whose files would pass it (413, with the figures); with room it passes, and the figures count its files", async () => {
    await t.db.prisma.platformSettings.update({ where: { id: true }, data: { uploadQuotaMb: 100 } });
    // Two minutes of stereo 48 kHz silence: 21 KB of FLAC, ~28 MB of WAV, MP3 and preview.
    const flac = silentFlac({ seconds: 120, sampleRate: 48_000, channels: 2 });
    expect(flac.length).toBeLessThan(64 * 1024);
    const figures =
      /^Storage Quota Reached: Your uploads and the files made from them may take up to 100 MB in total and already take (.+); this file and the WAV, MP3 and preview made from it would take ([\d.]+) MB\.$/;

    const tight = await signInMember(t);
    await earlierUpload(tight.id, 80 * MIB);
    const before = storedFiles().length;
    const refused = await upload(tight, flac, "tight.flac");
    expect(refused.status).toBe(413);
    const [, used, needed] =
      figures.exec(refused.body.message as string) ?? expect.fail(`not the quota's figures: ${refused.body.message}`);
    expect(used).toBe("80 MB");
    // 120 s × 48,000 × 4 bytes of WAV, 120 s × 40,000 bytes of MP3, 30 s × 16,000 bytes of preview.
    expect(Number(needed)).toBeGreaterThan(27);
    expect(Number(needed)).toBeLessThan(29.5);
    expect(await t.db.prisma.loop.count({ where: { userId: tight.id } })).toBe(1);
    expect(storedFiles().length).toBe(before);

    const roomy = await signInMember(t);
    await earlierUpload(roomy.id, 60 * MIB);
    const accepted = await upload(roomy, flac, "roomy.flac").expect(201);
    const loop = await processed(accepted.body.id as string);
    expect(loop.status).toBe("ready");
    const stored = await storedBytes(loop.id);
    expect(stored).toBeGreaterThan(27 * MIB);
    expect(loop.originalBytes + loop.derivedBytes).toBe(stored);

    // The next upload is told what the member's loops take: the earlier upload, this one and its files.
    const next = await upload(roomy, flac, "next.flac");
    expect(next.status).toBe(413);
    expect(figures.exec(next.body.message as string)?.[1]).toBe(formatStorageSize(60 * MIB + stored));
  });

  it("when only decoding tells (a FLAC that does not say how long it is), the loop ends failed with the quota's figures and nothing made is stored", async () => {
    await t.db.prisma.platformSettings.update({ where: { id: true }, data: { uploadQuotaMb: 100 } });
    const member = await signInMember(t);
    await earlierUpload(member.id, 90 * MIB);
    const hidden = silentFlac({ seconds: 120, sampleRate: 48_000, channels: 2, declaredSeconds: 0 });
    const accepted = await upload(member, hidden, "no-length.flac").expect(201);
    const loop = await processed(accepted.body.id as string);
    const used = 90 * MIB + hidden.length;
    const reason = storageQuotaProcessingMessage(100 * MIB, used, 100 * MIB - used);
    expect(reason).toBe(
      "Storage Quota Reached: Your uploads and the files made from them may take up to 100 MB in total and already take 90 MB; the WAV, MP3 and preview made from this upload would take more than the 9.9 MB left.",
    );
    // The member sees it as any processing failure: the loop's status and its reason.
    const { body: status } = await member.browser.get(`/api/loops/${loop.id}/status`).expect(200);
    expect(status).toMatchObject({ status: "failed", failureReason: reason });
    expect(loop.derivedBytes).toBe(0);
    expect(await storedBytes(loop.id)).toBe(hidden.length);
  });
});

describe("resampling down to the stored rate", () => {
  const tone = (hz: number, rate: number, seconds: number) =>
    Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));

  /** `input` through a resampler in uneven chunks, as the decoder gives them. */
  function resample(input: Float32Array, from: number, to: number) {
    const resampler = new Resampler(from, to, 1);
    const parts: Float32Array[] = [];
    for (let start = 0; start < input.length; start += 12_345) parts.push(resampler.process([input.subarray(start, start + 12_345)])[0]!);
    parts.push(resampler.flush()[0]!);
    const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
    parts.reduce((offset, part) => (out.set(part, offset), offset + part.length), 0);
    return out;
  }

  /** Largest difference from `expected` away from the edges. */
  const maxError = (actual: Float32Array, expected: (n: number) => number) => {
    let error = 0;
    for (let n = 1000; n < actual.length - 1000; n++) error = Math.max(error, Math.abs(actual[n]! - expected(n)));
    return error;
  };

  it.each([
    [96_000, 48_000],
    [88_200, 44_100],
    [64_000, 48_000],
  ])("%i Hz → %i Hz: a tone the new rate can hold comes out the same, one it cannot is removed, not folded back", (from, to) => {
    const seconds = 2;
    const audible = resample(tone(1000, from, seconds), from, to);
    expect(audible.length).toBe(seconds * to);
    expect(maxError(audible, (n) => Math.sin((2 * Math.PI * 1000 * n) / to))).toBeLessThan(1e-3);
    // 30 kHz is above the new rate's Nyquist frequency: kept, it would sound at to - 30 kHz.
    expect(maxError(resample(tone(30_000, from, seconds), from, to), () => 0)).toBeLessThan(1e-3);
  });
});
