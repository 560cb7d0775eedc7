// The pipeline decodes uploads chunk by chunk (a long MP3 never sits decoded in memory); these tests
// show that it gives what decoding the whole file gives. Peak memory on a 50 MB MP3 is measured by
// the benchmark (scripts/bench/audio-processing.mjs), not here.
import decode from "@audio/decode";
import { createOggEncoder } from "wasm-media-encoders";
import { describe, expect, it } from "vitest";
import {
  allFinite,
  detectKey,
  detectTempo,
  encodeWav16,
  interleavePcm16,
  mixStereo,
  mixToMono,
  PeakAccumulator,
  waveformPeaks,
} from "../src/audio/analysis";
import { ANALYSIS_SECONDS, processAudio } from "../src/audio/pipeline";
import { clickTrack, mp3File, SAMPLE_RATE, wavFile } from "./support/audio";

async function oggFile(channels: Float32Array[]): Promise<Buffer> {
  const encoder = await createOggEncoder();
  encoder.configure({ channels: channels.length as 1 | 2, sampleRate: SAMPLE_RATE, vbrQuality: 3 });
  return Buffer.concat([Buffer.from(encoder.encode(channels)), Buffer.from(encoder.finalize())]);
}

/**
 * A FLAC file of 16-bit samples in VERBATIM subframes (no encoder is installed; the format is simple
 * enough uncompressed): STREAMINFO, then frames of 4096 samples with their CRC-8 and CRC-16.
 */
function flacFile(channels: Float32Array[]): Buffer {
  const frames = channels[0]!.length;
  const crc8 = (bytes: number[]) =>
    bytes.reduce((crc, byte) => {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
      return crc;
    }, 0);
  const crc16 = (bytes: Uint8Array) => {
    let crc = 0;
    for (const byte of bytes) {
      crc ^= byte << 8;
      for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
    }
    return crc;
  };
  const info = Buffer.alloc(4 + 34);
  info.writeUInt32BE(0x80000000 + 34, 0); // last metadata block, STREAMINFO, 34 bytes
  info.writeUInt16BE(4096, 4);
  info.writeUInt16BE(4096, 6);
  // sample rate (20 bits), channels - 1 (3), bits per sample - 1 (5), total samples (36 bits)
  const packed = (BigInt(SAMPLE_RATE) << 44n) | (BigInt(channels.length - 1) << 41n) | (15n << 36n) | BigInt(frames);
  info.writeBigUInt64BE(packed, 14);
  const parts: Buffer[] = [Buffer.from("fLaC"), info];
  for (let start = 0, index = 0; start < frames; start += 4096, index++) {
    const size = Math.min(4096, frames - start);
    const number = index < 0x80 ? [index] : [0xc0 | (index >> 6), 0x80 | (index & 0x3f)];
    const header = [0xff, 0xf8, ((size === 4096 ? 12 : 7) << 4) | 9, ((channels.length - 1) << 4) | (4 << 1), ...number];
    if (size !== 4096) header.push((size - 1) >> 8, (size - 1) & 0xff);
    header.push(crc8(header));
    const body = Buffer.alloc(channels.length * (1 + size * 2));
    let at = 0;
    for (const channel of channels) {
      body[at++] = 0x02; // VERBATIM subframe
      for (let i = 0; i < size; i++, at += 2) body.writeInt16BE(Math.round(Math.max(-1, Math.min(1, channel[start + i]!)) * 32767), at);
    }
    const frame = Buffer.concat([Buffer.from(header), body, Buffer.alloc(2)]);
    frame.writeUInt16BE(crc16(frame.subarray(0, frame.length - 2)), frame.length - 2);
    parts.push(frame);
  }
  return Buffer.concat(parts);
}

/** A chord under the clicks, so that key detection has something to find. */
function withChord(samples: Float32Array, notes: number[]): Float32Array {
  const out = Float32Array.from(samples);
  for (let i = 0; i < out.length; i++)
    for (const note of notes) out[i]! += 0.08 * Math.sin((2 * Math.PI * 440 * 2 ** ((note - 69) / 12) * i) / SAMPLE_RATE);
  return out;
}

/** waveformPeaks with each slice widened to whole blocks of `block` samples. */
function blockPeaks(mono: Float32Array, block: number, points = 800): number[][] {
  const slice = mono.length / points;
  return Array.from({ length: points }, (_, p) => {
    const from = Math.floor(Math.floor(p * slice) / block) * block;
    const to = Math.min(mono.length, Math.ceil(Math.max(Math.floor(p * slice) + 1, Math.floor((p + 1) * slice)) / block) * block);
    let min = 0;
    let max = 0;
    for (let i = from; i < to; i++) {
      if (mono[i]! < min) min = mono[i]!;
      if (mono[i]! > max) max = mono[i]!;
    }
    return [Math.round(min * 1e4) / 1e4, Math.round(max * 1e4) / 1e4];
  });
}

describe("streaming audio pipeline", () => {
  it("a 125 s stereo MP3 (beyond the 120 s analysis excerpt), decoded in chunks, gives the whole decode's samples, tempo, key, duration and waveform", async () => {
    const seconds = 125;
    const left = withChord(clickTrack(124, seconds), [57, 60, 64]);
    const right = withChord(clickTrack(124, seconds), [57, 64]);
    const upload = await mp3File([left, right]);

    const result = await processAudio(upload);
    const whole = await decode(upload);
    const length = whole.channelData[0]!.length;
    expect(whole.channelData).toHaveLength(2);
    expect(result).toMatchObject({
      sampleRate: SAMPLE_RATE,
      channels: 2,
      samples: length,
      durationMs: Math.round((length / SAMPLE_RATE) * 1000),
    });
    // Every decoded sample, in order: the WAV is byte for byte the whole decode's.
    expect(Buffer.from(result.wav).equals(Buffer.from(encodeWav16(whole.channelData, whole.sampleRate)))).toBe(true);

    const mono = mixToMono(whole.channelData);
    const excerpt = mono.subarray(0, ANALYSIS_SECONDS * SAMPLE_RATE);
    expect(result.detectedBpm).toBe(detectTempo(excerpt, SAMPLE_RATE));
    expect(Math.abs(result.detectedBpm! - 124)).toBeLessThanOrEqual(2);
    expect(result.detectedKey).toBe(detectKey(excerpt, SAMPLE_RATE));
    expect(result.detectedKey).toBe("A minor");
    const envelope = new PeakAccumulator();
    envelope.add(mono);
    expect(result.peaks).toEqual(envelope.points());

    const mp3 = await decode(result.mp3);
    expect(mp3.channelData[0]!.length).toBe(length);
    const preview = await decode(result.preview);
    expect(preview.channelData[0]!.length).toBe(30 * SAMPLE_RATE);
  });

  it("a WAV streams through unchanged: 16-bit in, the same bytes out (stereo and mono, across read blocks)", async () => {
    const stereo = wavFile([clickTrack(100, 14), clickTrack(133, 14)]);
    const stereoResult = await processAudio(stereo);
    expect(stereoResult).toMatchObject({ channels: 2, samples: 14 * SAMPLE_RATE, durationMs: 14_000 });
    expect(Buffer.from(stereoResult.wav).equals(stereo)).toBe(true);

    const mono = wavFile([clickTrack(100, 1.2)]);
    const monoResult = await processAudio(mono);
    expect(monoResult.channels).toBe(1);
    expect(Buffer.from(monoResult.wav).equals(mono)).toBe(true);
    expect(monoResult.peaks).toEqual(waveformPeaks((await decode(mono)).channelData[0]!));
  });

  it("an Ogg Vorbis file decoded in chunks gives the whole decode's samples", async () => {
    const upload = await oggFile([clickTrack(110, 12), clickTrack(110, 12).map((v) => v * 0.5)]);
    const result = await processAudio(upload);
    const whole = await decode(upload);
    expect(result.samples).toBe(whole.channelData[0]!.length);
    expect(Buffer.from(result.wav).equals(Buffer.from(encodeWav16(whole.channelData, whole.sampleRate)))).toBe(true);
  });

  it("a FLAC file decoded in chunks gives the whole decode's samples", async () => {
    const upload = flacFile([clickTrack(110, 12), clickTrack(85, 12)]);
    const result = await processAudio(upload);
    const whole = await decode(upload);
    expect(whole.channelData[0]!.length).toBe(12 * SAMPLE_RATE);
    expect(result).toMatchObject({ samples: 12 * SAMPLE_RATE, channels: 2 });
    expect(Buffer.from(result.wav).equals(Buffer.from(encodeWav16(whole.channelData, whole.sampleRate)))).toBe(true);
  });

  it("channel layout comes from the MP3 header: a stereo file that starts in digital silence stays stereo, a mono file is mono", async () => {
    const silentStart = (samples: Float32Array) => {
      const out = Float32Array.from(samples);
      out.fill(0, 0, 4 * SAMPLE_RATE);
      return out;
    };
    const stereo = await processAudio(await mp3File([silentStart(clickTrack(120, 8)), silentStart(clickTrack(120, 8).map((v) => -v))]));
    expect(stereo.channels).toBe(2);
    const mono = await processAudio(await mp3File([clickTrack(120, 4)]));
    expect(mono.channels).toBe(1);
    expect((await decode(mono.mp3)).channelData).toHaveLength(1);
  });

  it("refuses what is not audio, with a reason", async () => {
    await expect(processAudio(new Uint8Array())).rejects.toThrow(/^Unsupported audio/);
    const garbage = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251);
    garbage.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]); // an ID3 header over garbage
    await expect(processAudio(garbage)).rejects.toThrow(/^(Corrupt|Empty) audio/);
    const emptyData = wavFile([new Float32Array(0)]);
    await expect(processAudio(emptyData)).rejects.toThrow(/^Empty audio/);
    const truncatedWav = wavFile([clickTrack(120, 2)]).subarray(0, 30_000);
    await expect(processAudio(truncatedWav)).rejects.toThrow(/^Truncated audio/);
  });

  it("a truncated MP3 is measured by what decodes, not by what its frames promised", async () => {
    const full = await mp3File([clickTrack(120, 10)]);
    const result = await processAudio(full.subarray(0, Math.floor(full.length * 0.4)));
    expect(result.durationMs).toBeGreaterThan(3_500);
    expect(result.durationMs).toBeLessThan(4_500);
  });
});

describe("PeakAccumulator", () => {
  it("is waveformPeaks exactly while blocks are single samples, and within a block's edge after", () => {
    const short = clickTrack(120, 1); // 44,100 samples: under the 65,536 blocks
    const accumulator = new PeakAccumulator();
    for (let i = 0; i < short.length; i += 1000) accumulator.add(short.subarray(i, i + 1000));
    expect(accumulator.points()).toEqual(waveformPeaks(short));

    const long = clickTrack(97, 200); // 8.8 M samples: blocks of 256
    const chunked = new PeakAccumulator();
    for (let i = 0; i < long.length; i += 4096 * 3 + 17) chunked.add(long.subarray(i, i + 4096 * 3 + 17));
    expect(chunked.length).toBe(long.length);
    expect(chunked.blockSize).toBe(256);
    expect(chunked.points()).toEqual(blockPeaks(long, 256));
    const whole = new PeakAccumulator();
    whole.add(long);
    expect(whole.points()).toEqual(chunked.points());
  });
});

describe("fast sample conversions (issue 19)", () => {
  // Values around every rounding edge: ±1 and beyond, halves of both scales, tiny and signed zeros.
  const edges = Float32Array.from([
    0,
    -0,
    1,
    -1,
    1.5,
    -1.5,
    0.99999,
    -0.99999,
    1e-30,
    -1e-30,
    0.5 / 32768,
    -0.5 / 32768,
    0.5 / 32767,
    1.5 / 32767,
    -1.5 / 32768,
    0.25,
    -0.25,
    0.123456,
    -0.654321,
  ]);
  const random = Float32Array.from({ length: 50_000 }, (_, i) => Math.sin(i * 12.9898) * 1.2);
  const halves = Float32Array.from({ length: 4_000 }, (_, i) => (i - 2_000 + 0.5) / (i % 2 ? 32767 : 32768));

  it("the streamed WAV's 16-bit samples are encodeWav16's, rounding and clamping included", () => {
    for (const left of [edges, random, halves]) {
      const right = left.map((v) => -v);
      const out = { buffer: new ArrayBuffer(0) };
      expect(
        Buffer.from(interleavePcm16([left, right], out)).equals(Buffer.from(encodeWav16([left, right], SAMPLE_RATE).subarray(44))),
      ).toBe(true);
      expect(Buffer.from(interleavePcm16([left], out)).equals(Buffer.from(encodeWav16([left], SAMPLE_RATE).subarray(44)))).toBe(true);
    }
  });

  it("the stereo mixdown is the mean of the channels as float32, and tells non-finite samples", () => {
    const right = random.map((v, i) => v * 0.3 + (i % 7) * 1e-3);
    const mono = new Float32Array(random.length);
    expect(mixStereo(random, right, mono)).toBe(true);
    // The definition mixToMono had for any number of channels: each channel / count, summed.
    const expected = new Float32Array(random.length);
    for (const channel of [random, right]) for (let i = 0; i < channel.length; i++) expected[i]! += channel[i]! / 2;
    expect(Buffer.from(mono.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
    for (const bad of [NaN, Infinity, -Infinity]) {
      const broken = Float32Array.from(random);
      broken[31_337] = bad;
      expect(mixStereo(broken, right, mono)).toBe(false);
      expect(mixStereo(right, broken, mono)).toBe(false);
      expect(allFinite(broken)).toBe(false);
    }
    expect(allFinite(random)).toBe(true);
  });

  it("the pipeline reports each step's time", async () => {
    const { timings } = await processAudio(wavFile([clickTrack(120, 3), clickTrack(90, 3)]));
    for (const step of ["probe", "decode", "mix", "peaks", "bpm", "key", "mp3", "preview", "wav", "write", "other", "total"]) {
      expect(timings[step], step).toEqual({ cpuMs: expect.any(Number), wallMs: expect.any(Number) });
    }
    const steps = Object.entries(timings).filter(([name]) => name !== "total");
    const sum = steps.reduce((total, [, time]) => total + time.wallMs, 0);
    expect(Math.abs(sum - timings.total!.wallMs)).toBeLessThan(1);
    expect(timings.mp3!.cpuMs).toBeGreaterThan(0);
  });
});
