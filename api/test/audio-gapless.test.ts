// The MP3s we encode carry a LAME Info frame (encoder delay and padding), so that decoders that honour
// it (mpg123, which @audio/decode uses; ffmpeg; browsers' gapless players) give back exactly the
// samples that went in, at the same positions: a loop loops without a gap.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import decode from "@audio/decode";
import { MPEGDecoder } from "mpg123-decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crc16, DECODER_DELAY, LAME_ENCODER_DELAY, parseFrameHeader, readLameInfo } from "../src/audio/lame-tag";
import { processAudio } from "../src/audio/pipeline";
import { encodeMp3ToFile } from "../src/audio/writers";
import { clickTrack, SAMPLE_RATE, wavFile } from "./support/audio";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "loop-gapless-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Frames after the first (the Info frame): count and bytes, walking the headers. */
function audioFrames(bytes: Uint8Array, from: number): { frames: number; bytes: number; samplesPerFrame: number } {
  let offset = from;
  let frames = 0;
  let samplesPerFrame = 0;
  while (offset < bytes.length) {
    const header = parseFrameHeader(bytes, offset);
    if (!header) throw new Error(`no frame at ${offset}`);
    samplesPerFrame = header.samplesPerFrame;
    offset += header.length;
    frames++;
  }
  expect(offset).toBe(bytes.length);
  return { frames, bytes: bytes.length - from, samplesPerFrame };
}

async function mpg123(bytes: Uint8Array, enableGapless = true) {
  const decoder = new MPEGDecoder({ enableGapless });
  await decoder.ready;
  try {
    return decoder.decode(bytes);
  } finally {
    decoder.free();
  }
}

function loudest(samples: Float32Array, length = samples.length): number {
  let at = 0;
  for (let i = 0; i < length; i++) if (Math.abs(samples[i]!) > Math.abs(samples[at]!)) at = i;
  return at;
}

/** Silence with one impulse: where it comes back out shows any shift. */
function impulse(length: number, at: number): Float32Array {
  const samples = new Float32Array(length);
  samples[at] = 0.9;
  return samples;
}

describe("gapless MP3 (LAME Info frame)", () => {
  it("CRC-16 is LAME's (CRC-16/ARC: check value of '123456789' is 0xBB3D)", () => {
    expect(crc16(new TextEncoder().encode("123456789"))).toBe(0xbb3d);
  });

  it.each([
    { sampleRate: 44100, bitrate: 320, channels: 2 },
    { sampleRate: 44100, bitrate: 128, channels: 1 },
    { sampleRate: 48000, bitrate: 320, channels: 2 },
    { sampleRate: 22050, bitrate: 128, channels: 2 },
  ] as const)(
    "$sampleRate Hz, $bitrate kbps, $channels channel(s): the tag describes the stream and decoding gives back every sample in place",
    async ({ sampleRate, bitrate, channels }) => {
      const length = Math.round(sampleRate * 2.5) + 77; // not a whole number of frames
      const at = Math.round(sampleRate * 0.7);
      const file = path.join(dir, `${sampleRate}-${bitrate}-${channels}.mp3`);
      const written = await encodeMp3ToFile(
        file,
        Array.from({ length: channels }, () => impulse(length, at)),
        sampleRate,
        bitrate,
      );
      const bytes = new Uint8Array(await readFile(file));
      expect(written.bytes).toBe(bytes.length);

      const info = readLameInfo(bytes)!;
      expect(info).toMatchObject({ tag: "Info", encoder: "LAME3.100", vbrMethod: 1, encoderDelay: LAME_ENCODER_DELAY, tagCrcValid: true });
      const first = parseFrameHeader(bytes, 0)!;
      expect(first).toMatchObject({ sampleRate, padding: false, channelMode: channels === 1 ? 3 : expect.any(Number) });
      expect(info.frameLength).toBe(first.length);
      const frames = audioFrames(bytes, info.frameLength);
      expect(parseFrameHeader(bytes, info.frameLength)!.bitrateKbps).toBe(first.bitrateKbps); // CBR: same bitrate as the audio
      expect(info.frames).toBe(frames.frames);
      expect(info.bytes).toBe(bytes.length);
      expect(info.musicLength).toBe(bytes.length);
      expect(info.musicCrc).toBe(crc16(bytes.subarray(info.frameLength)));
      expect(info.padding).toBe(frames.frames * frames.samplesPerFrame - LAME_ENCODER_DELAY - length);
      // The decoder needs its 529 samples of delay inside the padding to reach the last real sample.
      expect(info.padding).toBeGreaterThanOrEqual(DECODER_DELAY);

      const gapless = await mpg123(bytes);
      expect(gapless.errors).toEqual([]);
      expect(gapless.sampleRate).toBe(sampleRate);
      expect(gapless.samplesDecoded).toBe(length);
      expect(loudest(gapless.channelData[0]!, gapless.samplesDecoded)).toBe(at);

      // What players without the tag do: the delay at the start, the padding at the end.
      const bare = await mpg123(bytes.subarray(info.frameLength));
      expect(bare.samplesDecoded).toBe(frames.frames * frames.samplesPerFrame);
      expect(loudest(bare.channelData[0]!, bare.samplesDecoded)).toBe(at + LAME_ENCODER_DELAY + DECODER_DELAY);

      // @audio/decode (mpg123 inside) honours it too.
      const whole = await decode(bytes);
      expect(whole.channelData[0]!.length).toBe(length);
    },
  );

  it("a source rate MPEG cannot carry (96 kHz) is resampled to 44.1 kHz and stays gapless", async () => {
    const length = 96000 * 2 + 5;
    const file = path.join(dir, "96k.mp3");
    await encodeMp3ToFile(file, [impulse(length, 48000)], 96000, 320);
    const decoded = await mpg123(new Uint8Array(await readFile(file)));
    expect(decoded.sampleRate).toBe(44100);
    expect(decoded.samplesDecoded).toBe(Math.round((length * 44100) / 96000));
    expect(loudest(decoded.channelData[0]!, decoded.samplesDecoded)).toBe(22050);
  });

  it("the pipeline's MP3 and preview are gapless: the MP3 decodes to the upload's exact length, the preview to exactly 30 s", async () => {
    const seconds = 33.3;
    const result = await processAudio(wavFile([clickTrack(120, seconds), clickTrack(90, seconds)]));
    const frames = Math.round(seconds * SAMPLE_RATE);
    expect(result.samples).toBe(frames);

    const mp3Info = readLameInfo(result.mp3)!;
    expect(mp3Info).toMatchObject({
      tag: "Info",
      bitrateKbps: 255 /* 320: LAME stores min(bitrate, 255) */,
      tagCrcValid: true,
      bytes: result.mp3.length,
    });
    expect(parseFrameHeader(result.mp3, 0)!.bitrateKbps).toBe(320);
    const mp3 = await decode(result.mp3);
    expect(mp3.channelData).toHaveLength(2);
    expect(mp3.channelData[0]!.length).toBe(frames);

    const previewInfo = readLameInfo(result.preview)!;
    expect(previewInfo).toMatchObject({ tag: "Info", bitrateKbps: 128, tagCrcValid: true });
    const preview = await decode(result.preview);
    expect(preview.channelData[0]!.length).toBe(30 * SAMPLE_RATE);
  });
});
