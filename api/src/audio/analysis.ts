// Pure functions on decoded audio: peaks, tempo, key, fades and 16-bit WAV. No I/O.
import { createRequire } from "node:module";
import FFT from "fft.js";

export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const length = channels[0]?.length ?? 0;
  if (channels.length === 1) return channels[0]!;
  const mono = new Float32Array(length);
  if (channels.length === 2) {
    mixStereo(channels[0]!, channels[1]!, mono);
    return mono;
  }
  for (const channel of channels) for (let i = 0; i < length; i++) mono[i]! += channel[i]! / channels.length;
  return mono;
}

/**
 * (left + right) / 2 into `out` (the same values as mixToMono: halving is exact and the sum is
 * rounded once to float32 either way); false when a sample is not finite (NaN or ±Infinity).
 */
export function mixStereo(left: Float32Array, right: Float32Array, out: Float32Array): boolean {
  const length = left.length;
  let check = 0;
  for (let i = 0; i < length; i++) {
    const sum = left[i]! + right[i]!;
    out[i] = sum * 0.5;
    // 0 for every finite sum; NaN as soon as one sample is NaN or infinite (and stays NaN).
    check += sum * 0;
  }
  return check === 0;
}

/** False when a sample is not finite (NaN or ±Infinity). */
export function allFinite(samples: Float32Array): boolean {
  let check = 0;
  for (let i = 0; i < samples.length; i++) check += samples[i]! * 0;
  return check === 0;
}

/**
 * Float samples to 16-bit PCM as encodeWav16 does (clamped to ±1; negative × 32768, positive ×
 * 32767, rounded half up), `stride` apart in `out` from `offset`. floor(x + 0.5) is Math.round(x)
 * here (x is a float32 times 32767 or 32768: x + 0.5 is exact near every half), and about four
 * times faster than Math.round, which must keep −0.
 */
export function toPcm16(samples: Float32Array, out: Int16Array, offset: number, stride: number): void {
  const length = samples.length;
  for (let i = 0, o = offset; i < length; i++, o += stride) {
    const s = samples[i]!;
    out[o] = s < 0 ? (s > -1 ? Math.floor(s * 0x8000 + 0.5) : -0x8000) : s < 1 ? Math.floor(s * 0x7fff + 0.5) : 0x7fff;
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** 16-bit little-endian interleaved PCM of `channels` (same values as encodeWav16's data) into `out` (grown when short); the bytes. */
export function interleavePcm16(channels: readonly Float32Array[], out: { buffer: ArrayBuffer }): Uint8Array {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const bytes = frames * count * 2;
  if (out.buffer.byteLength < bytes) out.buffer = new ArrayBuffer(bytes);
  const pcm = new Int16Array(out.buffer, 0, frames * count);
  for (let c = 0; c < count; c++) toPcm16(channels[c]!, pcm, c, count);
  if (!LITTLE_ENDIAN) {
    const view = new DataView(out.buffer, 0, bytes);
    for (let i = 0; i < pcm.length; i++) view.setInt16(i * 2, pcm[i]!, true);
  }
  return new Uint8Array(out.buffer, 0, bytes);
}

/** `points` pairs of [min, max] over equal slices of the mono signal, rounded to 4 places. */
export function waveformPeaks(mono: Float32Array, points = 800): number[][] {
  const result: number[][] = [];
  const slice = mono.length / points;
  for (let p = 0; p < points; p++) {
    const from = Math.floor(p * slice);
    const to = Math.max(from + 1, Math.floor((p + 1) * slice));
    let min = 0;
    let max = 0;
    for (let i = from; i < to && i < mono.length; i++) {
      const v = mono[i]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    result.push([Math.round(min * 1e4) / 1e4, Math.round(max * 1e4) / 1e4]);
  }
  return result;
}

/**
 * The min/max envelope of a signal of unknown length, fed in chunks, in bounded memory: min/max per
 * block of samples, blocks doubling in size (pairs merged) whenever 65,536 are full. `points()` then
 * gives what waveformPeaks gives on the whole signal, exactly while blocks are single samples (up to
 * 65,536 samples); beyond, each slice is widened to whole blocks (at most one block, under 1/64 of
 * a slice, at each edge). The result depends only on the samples, not on how they were chunked.
 */
export class PeakAccumulator {
  private static readonly CAPACITY = 1 << 16;
  private readonly mins = new Float32Array(PeakAccumulator.CAPACITY);
  private readonly maxs = new Float32Array(PeakAccumulator.CAPACITY);
  private size = 1;
  private blocks = 0;
  /** Samples in the last block. */
  private fill = 0;
  length = 0;

  add(mono: Float32Array): void {
    const { mins, maxs } = this;
    let i = 0;
    while (i < mono.length) {
      if (this.blocks === 0 || this.fill === this.size) {
        if (this.blocks === PeakAccumulator.CAPACITY) this.compact();
        mins[this.blocks] = Infinity;
        maxs[this.blocks] = -Infinity;
        this.blocks++;
        this.fill = 0;
      }
      const b = this.blocks - 1;
      const end = Math.min(mono.length, i + this.size - this.fill);
      let min = mins[b]!;
      let max = maxs[b]!;
      for (let k = i; k < end; k++) {
        const v = mono[k]!;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      mins[b] = min;
      maxs[b] = max;
      this.fill += end - i;
      this.length += end - i;
      i = end;
    }
  }

  private compact(): void {
    const { mins, maxs } = this;
    const half = this.blocks / 2;
    for (let b = 0; b < half; b++) {
      mins[b] = Math.min(mins[2 * b]!, mins[2 * b + 1]!);
      maxs[b] = Math.max(maxs[2 * b]!, maxs[2 * b + 1]!);
    }
    this.blocks = half;
    this.size *= 2;
    this.fill = this.size;
  }

  /** Samples per block now: each slice's edges are widened to whole blocks. */
  get blockSize(): number {
    return this.size;
  }

  /** `points` pairs of [min, max] over equal slices, as waveformPeaks. */
  points(points = 800): number[][] {
    const result: number[][] = [];
    const slice = this.length / points;
    const size = this.size;
    for (let p = 0; p < points; p++) {
      const from = Math.floor(p * slice);
      const to = Math.max(from + 1, Math.floor((p + 1) * slice));
      let min = 0;
      let max = 0;
      const last = Math.min(this.blocks, Math.ceil(to / size));
      for (let b = Math.floor(from / size); b < last; b++) {
        if (this.mins[b]! < min) min = this.mins[b]!;
        if (this.maxs[b]! > max) max = this.maxs[b]!;
      }
      result.push([Math.round(min * 1e4) / 1e4, Math.round(max * 1e4) / 1e4]);
    }
    return result;
  }
}

type Detect = (buffer: { sampleRate: number; length: number; numberOfChannels: number; getChannelData(i: number): Float32Array }) => number;

let detectBpm: Detect | null = null;

/**
 * bpm-detective expects a browser OfflineAudioContext only to low-pass the signal; we give it a
 * stand-in whose buffer is already low-passed (one-pole, ~150 Hz) and normalised to 1.
 */
function loadBpmDetective(): Detect {
  if (detectBpm) return detectBpm;
  const globals = globalThis as { window?: unknown };
  const stand = class {
    createBufferSource() {
      return { buffer: null as unknown, connect() {}, start() {} };
    }
    createBiquadFilter() {
      return { type: "", connect() {} };
    }
  };
  const previous = globals.window;
  globals.window = { OfflineAudioContext: stand };
  try {
    detectBpm = createRequire(import.meta.url)("bpm-detective") as Detect;
  } finally {
    globals.window = previous;
  }
  return detectBpm;
}

export function lowPassNormalised(mono: Float32Array, sampleRate: number, cutoffHz = 150): Float32Array {
  const out = new Float32Array(mono.length);
  const dt = 1 / sampleRate;
  const alpha = dt / (1 / (2 * Math.PI * cutoffHz) + dt);
  let y = 0;
  let peak = 0;
  for (let i = 0; i < mono.length; i++) {
    y += alpha * (mono[i]! - y);
    out[i] = y;
    if (Math.abs(y) > peak) peak = Math.abs(y);
  }
  if (peak > 0) for (let i = 0; i < out.length; i++) out[i]! /= peak;
  return out;
}

/** Tempo in BPM (bpm-detective's peak-interval method), or null when the audio has no clear beat. */
export function detectTempo(mono: Float32Array, sampleRate: number): number | null {
  const filtered = lowPassNormalised(mono, sampleRate);
  const detect = loadBpmDetective();
  try {
    const bpm = detect({ sampleRate, length: filtered.length, numberOfChannels: 1, getChannelData: () => filtered });
    return Number.isFinite(bpm) && bpm > 0 ? Math.round(bpm) : null;
  } catch {
    return null;
  }
}

const NOTE_NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"];
// Krumhansl–Kessler key profiles.
const MAJOR = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

function correlation(a: number[], b: number[]): number {
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

/** A 12-bin chroma vector from FFT magnitudes (55 Hz – 5 kHz), summed over up to 400 frames. */
export function chroma(mono: Float32Array, sampleRate: number, size = 4096): number[] {
  const fft = new FFT(size);
  const out = fft.createComplexArray() as number[];
  const frame = new Array<number>(size).fill(0);
  const window = Array.from({ length: size }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1)));
  const bins = new Array<number>(size / 2).fill(-1);
  for (let k = 1; k < size / 2; k++) {
    const hz = (k * sampleRate) / size;
    if (hz >= 55 && hz <= 5000) bins[k] = (((Math.round(12 * Math.log2(hz / 440)) + 9) % 12) + 12) % 12;
  }
  const result = new Array<number>(12).fill(0);
  const frames = Math.floor(mono.length / size);
  const step = Math.max(1, Math.floor(frames / 400));
  for (let f = 0; f < frames; f += step) {
    const offset = f * size;
    for (let i = 0; i < size; i++) frame[i] = mono[offset + i]! * window[i]!;
    fft.realTransform(out, frame);
    for (let k = 1; k < size / 2; k++) {
      const pc = bins[k]!;
      if (pc < 0) continue;
      result[pc]! += Math.hypot(out[2 * k]!, out[2 * k + 1]!);
    }
  }
  return result;
}

/** "A minor", "C# major"… (best Krumhansl profile correlation), or null for silence. */
export function detectKey(mono: Float32Array, sampleRate: number): string | null {
  const vector = chroma(mono, sampleRate);
  if (vector.every((v) => v === 0)) return null;
  let best = { score: -Infinity, name: "" };
  for (let tonic = 0; tonic < 12; tonic++) {
    const rotated = vector.map((_, i) => vector[(i + tonic) % 12]!);
    for (const [profile, mode] of [
      [MAJOR, "major"],
      [MINOR, "minor"],
    ] as const) {
      const score = correlation(rotated, profile);
      if (score > best.score) best = { score, name: `${NOTE_NAMES[tonic]} ${mode}` };
    }
  }
  return best.name;
}

/** The first `seconds` of audio with linear fades in and out (a tenth of the length at most). */
export function previewClip(channels: readonly Float32Array[], sampleRate: number, seconds = 30, fadeSeconds = 1): Float32Array[] {
  const length = Math.min(channels[0]!.length, Math.round(seconds * sampleRate));
  const fade = Math.min(Math.round(fadeSeconds * sampleRate), Math.floor(length / 10));
  return channels.map((channel) => {
    const clip = channel.slice(0, length);
    for (let i = 0; i < fade; i++) {
      const gain = i / fade;
      clip[i]! *= gain;
      clip[length - 1 - i]! *= gain;
    }
    return clip;
  });
}

/** RIFF/WAVE, 16-bit PCM, interleaved, whole in memory (the reference for the streamed WavFileWriter). */
export function encodeWav16(channels: readonly Float32Array[], sampleRate: number): Uint8Array {
  const count = channels.length;
  const frames = channels[0]!.length;
  const dataBytes = frames * count * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, count, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * count * 2, true);
  view.setUint16(32, count * 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, dataBytes, true);
  let offset = 44;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < count; c++) {
      const s = Math.max(-1, Math.min(1, channels[c]![i]!));
      view.setInt16(offset, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
      offset += 2;
    }
  }
  return new Uint8Array(buffer);
}
