// Issue 19: an MP3 upload is delivered as uploaded (no second lossy encode); every other format is
// encoded at 320 kbps. The delivered MP3's bitrate is reported (an original's: its frames' mean).
import { readFile } from "node:fs/promises";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import decode from "@audio/decode";
import { createMp3Encoder } from "../src/audio/mp3-encoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFrameHeader, readLameInfo } from "../src/audio/lame-tag";
import { DELIVERY_MP3_KBPS, processAudio } from "../src/audio/pipeline";
import { encodeMp3ToFile } from "../src/audio/writers";
import { clickTrack, mp3File, SAMPLE_RATE, wavFile } from "./support/audio";

/** The mean of the frames' header bitrates, walked here independently of the pipeline. */
function meanFrameKbps(bytes: Uint8Array): number {
  let sum = 0;
  let frames = 0;
  for (let at = 0; at + 4 <= bytes.length;) {
    const header = parseFrameHeader(bytes, at);
    if (!header) {
      at++;
      continue;
    }
    const tag = String.fromCharCode(...bytes.subarray(at + header.tagOffset, at + header.tagOffset + 4));
    if (!(frames === 0 && (tag === "Xing" || tag === "Info"))) {
      sum += header.bitrateKbps;
      frames++;
    }
    at += header.length;
  }
  return sum / frames;
}

describe("the MP3 delivered", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "loop-mp3-original-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("an MP3 upload (CBR, bare frames) is delivered byte for byte, at its own bitrate; WAV, preview and analysis as before", async () => {
    const upload = await mp3File([clickTrack(124, 12), clickTrack(124, 12).map((v) => 0.5 * v)]); // 192 kbps
    const result = await processAudio(upload);
    expect(result.mp3Original).toBe(true);
    expect(Buffer.compare(Buffer.from(result.mp3), upload)).toBe(0);
    expect(result.mp3Kbps).toBe(192);
    expect(result.timings.mp3).toBeUndefined(); // no encoder ran
    expect(result).toMatchObject({ channels: 2, sampleRate: SAMPLE_RATE });
    expect(Math.abs(result.detectedBpm! - 124)).toBeLessThanOrEqual(2);
    const wav = await decode(result.wav);
    expect(wav.channelData[0]!.length).toBe(result.samples);
    expect(readLameInfo(result.preview)).toMatchObject({ tag: "Info", bitrateKbps: 128 });
  });

  it("an MP3 with a LAME Info frame (gapless) is delivered as it is: the tag is the creator's", async () => {
    const file = path.join(dir, "tagged-128.mp3");
    const source = clickTrack(100, 6);
    await encodeMp3ToFile(file, [source], SAMPLE_RATE, 128);
    const upload = await readFile(file);
    const result = await processAudio(upload);
    expect(result).toMatchObject({ mp3Original: true, mp3Kbps: 128, channels: 1, samples: source.length });
    expect(Buffer.compare(Buffer.from(result.mp3), upload)).toBe(0);
  });

  it("a VBR MP3: its average bitrate over the frames, rounded", async () => {
    const encoder = await createMp3Encoder();
    encoder.configure({ channels: 2, sampleRate: SAMPLE_RATE, vbrQuality: 2 });
    const noisy = (seed: number) => clickTrack(130, 10).map((v, i) => v + 0.2 * Math.sin(i * (0.37 + seed) + Math.sin(i / 900) * 40));
    const upload = Buffer.concat([Buffer.from(encoder.encode([noisy(0), noisy(0.11)])), Buffer.from(encoder.finalize())]);
    const bitrates = new Set<number>();
    for (let at = 0; at + 4 <= upload.length;) {
      const header = parseFrameHeader(upload, at);
      if (!header) break;
      bitrates.add(header.bitrateKbps);
      at += header.length;
    }
    expect(bitrates.size).toBeGreaterThan(1); // really VBR
    const result = await processAudio(upload);
    expect(result.mp3Original).toBe(true);
    expect(result.mp3Kbps).toBe(Math.round(meanFrameKbps(upload)));
    expect(Buffer.compare(Buffer.from(result.mp3), upload)).toBe(0);
  });

  it("an MP3 whose Info frame count disagrees with its frames is encoded at 320 kbps instead (a second decode), gapless", async () => {
    const file = path.join(dir, "lying.mp3");
    const source = clickTrack(110, 5);
    await encodeMp3ToFile(file, [source, source], SAMPLE_RATE, 128);
    const upload = Buffer.from(await readFile(file));
    const info = readLameInfo(upload)!;
    const header = parseFrameHeader(upload, 0)!;
    upload.writeUInt32BE(info.frames + 40, header.tagOffset + 8); // claims ~1 s more than it holds
    const result = await processAudio(upload);
    expect(result).toMatchObject({ mp3Original: false, mp3Kbps: DELIVERY_MP3_KBPS });
    expect(parseFrameHeader(result.mp3, 0)!.bitrateKbps).toBe(320);
    expect(readLameInfo(result.mp3)).toMatchObject({ tag: "Info", tagCrcValid: true });
    const decoded = await decode(result.mp3);
    expect(decoded.channelData[0]!.length).toBe(result.samples);
    expect(result.timings.mp3!.cpuMs).toBeGreaterThan(0);
  });

  it("a WAV upload's MP3 is a fresh 320 kbps encode with its LAME tag", async () => {
    const result = await processAudio(wavFile([clickTrack(120, 4), clickTrack(90, 4)]));
    expect(result).toMatchObject({ mp3Original: false, mp3Kbps: 320 });
    expect(parseFrameHeader(result.mp3, 0)!.bitrateKbps).toBe(320);
    expect(readLameInfo(result.mp3)).toMatchObject({ tag: "Info", tagCrcValid: true, bytes: result.mp3.length });
  });
});
