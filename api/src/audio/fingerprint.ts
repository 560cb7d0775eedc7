// An audio fingerprint of decoded sound (issue 35: the upload reward pays for audio that is new, not
// for new bytes). A Philips-style (Haitsma & Kalker) robust hash, computed by the pipeline on the
// mono mixdown as it is decoded, in bounded memory:
//
//   - the mono signal is low-passed (4th-order Butterworth at 2.4 kHz) and resampled to 5,512.5 Hz;
//   - frames of 2,048 samples (0.37 s, Hann window) every 256 samples (46 ms: 21.5 frames a second);
//   - the energy of 33 log-spaced bands from 300 Hz to 2 kHz;
//   - one bit per adjacent band pair, the sign of the band difference's change since the previous
//     frame: a 32-bit sub-fingerprint per frame.
//
// A sign of energy differences does not change with the gain, the container or the codec (MP3,
// WAV, FLAC, OGG of the same sound differ in small errors, which flip few bits), nor with a changed
// byte. Two recordings are compared by their bit error rate (BER) at the best time offset over the
// frames both have sound in: unrelated audio is near 0.5, the same audio re-encoded far below
// MATCH_BER. Frames that are (or follow) near-silence carry no bits worth comparing and are
// marked quiet.
//
// Only the first FINGERPRINT_MAX_SECONDS (10 minutes, a loop's longest) are fingerprinted: the cost
// stays bounded (about 1 ms of CPU per second of audio once V8 has optimised it, some 100–150 ms for
// a 30-second clip in a fresh worker thread) and a track is known by its first 10 minutes.
//
// Lookup (features/upload-rewards/audio-matches.ts): a catalog is searched through an index of
// sub-fingerprint values, not by comparing with every loop. Only values whose hash falls in a fixed
// 1/8 of the hash space are indexed ("sampled": the same values on both sides, whatever the time
// offset), up to INDEX_KEYS_MAX per loop (a long track samples a finer subset, nested in the first);
// a new upload looks its own sampled values up, each also with its WEAK_BITS least reliable bits
// flipped (a re-encode flips mostly those), then checks the few candidate loops found by BER.
import FFT from "fft.js";

/** Hz of the signal the fingerprint is computed from. */
export const FINGERPRINT_RATE = 5512.5;
/** Samples per frame at FINGERPRINT_RATE (0.37 s). */
export const FINGERPRINT_FRAME = 2048;
/** Samples between frames at FINGERPRINT_RATE (46 ms). */
export const FINGERPRINT_HOP = 256;
/** Sub-fingerprints per second of audio. */
export const FRAMES_PER_SECOND = FINGERPRINT_RATE / FINGERPRINT_HOP;
/** Audio fingerprinted, from the start: a loop's longest (a longer track is known by its first 10 minutes). */
export const FINGERPRINT_MAX_SECONDS = 600;
const MAX_FRAMES = Math.floor(FINGERPRINT_MAX_SECONDS * FRAMES_PER_SECOND);

const BANDS = 33;
const LOW_HZ = 300;
const HIGH_HZ = 2000;
const CUTOFF_HZ = 2400;
/** Band energy (all bands) below which a frame is quiet: about −60 dBFS for a tone in the bands. */
const QUIET_ENERGY = (FINGERPRINT_FRAME / 4) ** 2 * 1e-6;
/** Bits per sub-fingerprint flipped (in every combination) when looking a value up. */
export const WEAK_BITS = 3;

/** Two recordings whose compared frames differ in at most this share of bits are the same audio. */
export const MATCH_BER = 0.3;
/** Frames with sound that must be compared for a match to count (2 s). */
export const MIN_MATCH_FRAMES = Math.round(2 * FRAMES_PER_SECOND);
/** A new upload is heard before when one earlier loop matches at least this share of its frames with sound. */
export const MATCH_COVERAGE = 0.5;

export interface AudioFingerprint {
  /** One 32-bit sub-fingerprint per frame (from the second frame on). */
  subs: Uint32Array;
  /** 1 where the frame or the one before it is quiet: its bits are not compared, its value not indexed. */
  quiet: Uint8Array;
  /** Per frame, a mask of the WEAK_BITS bits whose band differences were the smallest (the likeliest to flip). */
  weak: Uint32Array;
}

/** Coefficients of a biquad low-pass (RBJ cookbook), normalised: [b0, b1, b2, a1, a2]. */
function lowPass(sampleRate: number, cutoffHz: number, q: number): number[] {
  const w0 = (2 * Math.PI * cutoffHz) / sampleRate;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * q);
  const a0 = 1 + alpha;
  return [(1 - cos) / 2 / a0, (1 - cos) / a0, (1 - cos) / 2 / a0, (-2 * cos) / a0, (1 - alpha) / a0];
}

/** Input samples averaged into one before filtering: the filter then runs at 11–16 kHz whatever the source's rate. */
const decimationOf = (sampleRate: number) => Math.max(1, Math.floor(sampleRate / 11025));

/** [first bin, last bin + 1) of each band at FINGERPRINT_RATE / FINGERPRINT_FRAME. */
function bandBins(): Int32Array {
  const edges = new Int32Array(BANDS + 1);
  for (let b = 0; b <= BANDS; b++) {
    const hz = LOW_HZ * (HIGH_HZ / LOW_HZ) ** (b / BANDS);
    edges[b] = Math.round((hz * FINGERPRINT_FRAME) / FINGERPRINT_RATE);
  }
  return edges;
}

const EDGES = bandBins();
const WINDOW = Float64Array.from({ length: FINGERPRINT_FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FINGERPRINT_FRAME));

const RING_MASK = FINGERPRINT_FRAME - 1;

/** Source samples resample() is given per call (see there). */
const RESAMPLE_SLICE = 4096;

/**
 * Decimates mono[from, to) (mean of `decimation` samples), low-passes it (two biquads, coefficients
 * `c`) and resamples it linearly to FINGERPRINT_RATE (`step` decimated samples per output) into `out`
 * from `at`; returns where the next output goes. `st` carries the state between calls: [0–7] the
 * biquads' x1, x2, y1, y2 of each section, [8] the partial sum, [9] samples in it, [10] the next
 * output's position after [11], the last filtered sample. Called on slices of RESAMPLE_SLICE samples:
 * its first calls finish while it is still cold, so the code after the loop has type feedback when V8
 * optimises it (an optimised loop meeting code without feedback falls back to the interpreter).
 */
function resample(
  mono: Float32Array,
  from: number,
  to: number,
  c: Float64Array,
  st: Float64Array,
  decimation: number,
  step: number,
  out: Float64Array,
  at: number,
): number {
  const scale = 1 / decimation;
  const b0 = c[0]!;
  const b1 = c[1]!;
  const b2 = c[2]!;
  const a1 = c[3]!;
  const a2 = c[4]!;
  const d0 = c[5]!;
  const d1 = c[6]!;
  const d2 = c[7]!;
  const e1 = c[8]!;
  const e2 = c[9]!;
  let x1 = st[0]!;
  let x2 = st[1]!;
  let y1 = st[2]!;
  let y2 = st[3]!;
  let u1 = st[4]!;
  let u2 = st[5]!;
  let v1 = st[6]!;
  let v2 = st[7]!;
  let sum = st[8]!;
  let summed = st[9]!;
  let phase = st[10]!;
  let previous = st[11]!;
  let produced = at;
  for (let i = from; i < to; i++) {
    sum += mono[i]!;
    if (++summed < decimation) continue;
    const x = sum * scale;
    sum = 0;
    summed = 0;
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    const v = d0 * y + d1 * u1 + d2 * u2 - e1 * v1 - e2 * v2;
    u2 = u1;
    u1 = y;
    v2 = v1;
    v1 = v;
    // Output samples fall `phase` decimated samples after the previous filtered one: those within (previous, v] now.
    phase -= 1;
    while (phase <= 0) {
      out[produced++] = v + phase * (v - previous);
      phase += step;
    }
    previous = v;
  }
  st.set([x1, x2, y1, y2, u1, u2, v1, v2, sum, summed, phase, previous]);
  return produced;
}

/**
 * The fingerprint of a mono signal fed in chunks (any chunking gives the same result), in memory
 * bounded by one frame plus the sub-fingerprints (4 + 4 + 1 bytes per 46 ms).
 */
export class Fingerprinter {
  /** Source samples averaged into one (a box filter: the low-pass below then runs at a quarter of 44.1/48 kHz). */
  private readonly decimation: number;
  /** Two biquads (4th-order Butterworth) at the decimated rate: coefficients; the resampler's state (see resample()). */
  private readonly coefficients: Float64Array;
  private readonly state = Float64Array.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0);
  /** Decimated samples per output sample. */
  private readonly step: number;
  /** The last FINGERPRINT_FRAME resampled samples (sample n at n & RING_MASK), and how many were written. */
  private readonly ring = new Float64Array(FINGERPRINT_FRAME);
  private written = 0;
  private resampled = new Float64Array(0);
  private readonly fft = new FFT(FINGERPRINT_FRAME);
  private readonly frame = new Float64Array(FINGERPRINT_FRAME);
  private readonly spectrum: number[];
  private energies = new Float64Array(BANDS);
  private previousEnergies = new Float64Array(BANDS);
  private previousQuiet = true;
  private frames = 0;
  private subs = new Uint32Array(1024);
  private quiet = new Uint8Array(1024);
  private weak = new Uint32Array(1024);
  private count = 0;
  private readonly differences = new Float64Array(BANDS - 1);

  constructor(sampleRate: number) {
    this.decimation = decimationOf(sampleRate);
    const rate = sampleRate / this.decimation;
    const cutoff = Math.min(CUTOFF_HZ, 0.45 * rate);
    this.coefficients = Float64Array.from([...lowPass(rate, cutoff, 0.5412), ...lowPass(rate, cutoff, 1.3066)]);
    this.step = rate / FINGERPRINT_RATE;
    this.spectrum = this.fft.createComplexArray() as number[];
  }

  add(mono: Float32Array): void {
    if (this.count >= MAX_FRAMES) return;
    const { decimation, step } = this;
    const most = Math.ceil(mono.length / decimation / step) + 2;
    if (this.resampled.length < most) this.resampled = new Float64Array(most);
    let produced = 0;
    for (let from = 0; from < mono.length; from += RESAMPLE_SLICE) {
      const to = Math.min(mono.length, from + RESAMPLE_SLICE);
      produced = resample(mono, from, to, this.coefficients, this.state, decimation, step, this.resampled, produced);
    }
    this.push(this.resampled, produced);
  }

  /** The resampled signal into the ring; a frame is analysed every FINGERPRINT_HOP samples once the ring is full. */
  private push(samples: Float64Array, count: number): void {
    // In slices of a hop: each call finishes while cold (see resample()).
    for (let from = 0; from < count; from += FINGERPRINT_HOP) this.pushSlice(samples, from, Math.min(count, from + FINGERPRINT_HOP));
  }

  private pushSlice(samples: Float64Array, from: number, to: number): void {
    const { ring } = this;
    let written = this.written;
    for (let i = from; i < to; i++) {
      ring[written & RING_MASK] = samples[i]!;
      written++;
      if (written >= FINGERPRINT_FRAME && ((written - FINGERPRINT_FRAME) & (FINGERPRINT_HOP - 1)) === 0)
        this.analyse(written - FINGERPRINT_FRAME);
    }
    this.written = written;
  }

  /** The frame of the FINGERPRINT_FRAME samples from `start` (in the ring). */
  private analyse(start: number): void {
    const { frame, spectrum, ring } = this;
    for (let i = 0; i < FINGERPRINT_FRAME; i++) frame[i] = ring[(start + i) & RING_MASK]! * WINDOW[i]!;
    this.fft.realTransform(spectrum, frame as unknown as number[]);
    const energies = this.previousEnergies;
    this.previousEnergies = this.energies;
    this.energies = energies;
    let total = 0;
    for (let b = 0; b < BANDS; b++) {
      let sum = 0;
      for (let k = EDGES[b]!; k < EDGES[b + 1]!; k++)
        sum += spectrum[2 * k]! * spectrum[2 * k]! + spectrum[2 * k + 1]! * spectrum[2 * k + 1]!;
      energies[b] = sum;
      total += sum;
    }
    const quiet = total < QUIET_ENERGY;
    if (this.frames++ > 0) this.emit(quiet || this.previousQuiet);
    this.previousQuiet = quiet;
  }

  private emit(quiet: boolean): void {
    const { energies, previousEnergies: before, differences } = this;
    let bits = 0;
    for (let m = 0; m < BANDS - 1; m++) {
      const d = energies[m]! - energies[m + 1]! - (before[m]! - before[m + 1]!);
      differences[m] = Math.abs(d);
      if (d > 0) bits |= 1 << m;
    }
    let weak = 0;
    for (let w = 0; w < WEAK_BITS; w++) {
      let least = -1;
      for (let m = 0; m < BANDS - 1; m++) {
        if (weak & (1 << m)) continue;
        if (least < 0 || differences[m]! < differences[least]!) least = m;
      }
      weak |= 1 << least;
    }
    if (this.count >= MAX_FRAMES) return;
    if (this.count === this.subs.length) this.grow();
    this.subs[this.count] = bits >>> 0;
    this.quiet[this.count] = quiet ? 1 : 0;
    this.weak[this.count] = weak >>> 0;
    this.count++;
  }

  private grow(): void {
    const size = this.subs.length * 2;
    const subs = new Uint32Array(size);
    subs.set(this.subs);
    const quiet = new Uint8Array(size);
    quiet.set(this.quiet);
    const weak = new Uint32Array(size);
    weak.set(this.weak);
    [this.subs, this.quiet, this.weak] = [subs, quiet, weak];
  }

  finish(): AudioFingerprint {
    return { subs: this.subs.slice(0, this.count), quiet: this.quiet.slice(0, this.count), weak: this.weak.slice(0, this.count) };
  }
}

/** The fingerprint of a whole mono signal (tests and tools; the pipeline feeds a Fingerprinter as it decodes). */
export function fingerprint(mono: Float32Array, sampleRate: number): AudioFingerprint {
  const fingerprinter = new Fingerprinter(sampleRate);
  fingerprinter.add(mono);
  return fingerprinter.finish();
}

// ------------------------------------------------------------------------------------- comparing

/** Frames with sound. */
export function soundFrames(print: Pick<AudioFingerprint, "quiet">): number {
  let n = 0;
  for (const quiet of print.quiet) if (!quiet) n++;
  return n;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export interface Comparison {
  /** Share of differing bits over the compared frames (1 when none are compared). */
  ber: number;
  /** Frames compared: both have sound there. */
  frames: number;
  /** `a`'s frame i is `b`'s frame i − offset. */
  offset: number;
}

/** `a` against `b` with a's frame i aligned to b's frame i − offset. */
export function compareAt(
  a: Pick<AudioFingerprint, "subs" | "quiet">,
  b: Pick<AudioFingerprint, "subs" | "quiet">,
  offset: number,
): Comparison {
  const from = Math.max(0, offset);
  const to = Math.min(a.subs.length, b.subs.length + offset);
  let errors = 0;
  let frames = 0;
  for (let i = from; i < to; i++) {
    const j = i - offset;
    if (a.quiet[i] || b.quiet[j]) continue;
    errors += popcount((a.subs[i]! ^ b.subs[j]!) >>> 0);
    frames++;
  }
  return { ber: frames ? errors / (32 * frames) : 1, frames, offset };
}

/** The best comparison at the offsets within `slack` frames of `offset` (fewest errors; more frames on a tie). */
export function compareNear(
  a: Pick<AudioFingerprint, "subs" | "quiet">,
  b: Pick<AudioFingerprint, "subs" | "quiet">,
  offset: number,
  slack = 2,
): Comparison {
  let best: Comparison | null = null;
  for (let d = offset - slack; d <= offset + slack; d++) {
    const comparison = compareAt(a, b, d);
    if (comparison.frames < MIN_MATCH_FRAMES) continue;
    if (!best || comparison.ber < best.ber || (comparison.ber === best.ber && comparison.frames > best.frames)) best = comparison;
  }
  return best ?? { ber: 1, frames: 0, offset };
}

/**
 * Whether `upload` is audio `earlier` already has: at `comparison` (upload against earlier), the
 * bits agree (BER ≤ MATCH_BER) over at least MIN_MATCH_FRAMES and MATCH_COVERAGE of the upload's
 * frames with sound (an excerpt, the whole, or the whole with a little added, not a short sample of it).
 */
export function isSameAudio(upload: Pick<AudioFingerprint, "quiet">, comparison: Comparison): boolean {
  const sound = soundFrames(upload);
  return comparison.ber <= MATCH_BER && comparison.frames >= MIN_MATCH_FRAMES && comparison.frames >= MATCH_COVERAGE * sound;
}

// -------------------------------------------------------------------------------------- indexing

/** Sub-fingerprints indexed per loop at most. */
export const INDEX_KEYS_MAX = 2048;
/** Values looked up per upload at most. */
export const LOOKUP_KEYS_MAX = 16384;
/** log2 of the share of the hash space indexed at level 0 (1/8). */
const SAMPLE_BITS = 3;

/** A value with a sound's typical structure is kept; near-constant ones (steady or silent frames) are too common to index. */
function indexable(sub: number): boolean {
  const ones = popcount(sub);
  return ones > 2 && ones < 30;
}

/** Whether `sub` is in the sampled part of the hash space at `level` (each level half of the one before). */
export function sampled(sub: number, level: number): boolean {
  return Math.imul(sub, 0x9e3779b1) >>> (32 - SAMPLE_BITS - level) === 0;
}

export interface IndexKey {
  /** The sub-fingerprint, as a signed 32-bit integer (Postgres int4). */
  key: number;
  position: number;
}

/** The sampled values of a loop's sub-fingerprints with sound, at the first level that keeps at most INDEX_KEYS_MAX. */
export function indexKeys(print: AudioFingerprint, max = INDEX_KEYS_MAX): IndexKey[] {
  for (let level = 0; ; level++) {
    const keys: IndexKey[] = [];
    for (let i = 0; i < print.subs.length && keys.length <= max; i++) {
      const sub = print.subs[i]!;
      if (!print.quiet[i] && indexable(sub) && sampled(sub, level)) keys.push({ key: sub | 0, position: i });
    }
    if (keys.length <= max || level >= 32 - SAMPLE_BITS) return keys.slice(0, max);
  }
}

/** The bits of `mask`, one mask each. */
function bitsOf(mask: number): number[] {
  const bits: number[] = [];
  for (let m = 0; m < 32; m++) if (mask & (1 << m)) bits.push(1 << m);
  return bits;
}

/**
 * What an upload looks up: for each frame with sound, its value and the values with any of its
 * WEAK_BITS weakest bits flipped, those that are sampled (level 0, or a finer level when there would
 * be more than LOOKUP_KEYS_MAX; the index's levels nest, so every level finds what it samples).
 */
export function lookupKeys(print: AudioFingerprint, max = LOOKUP_KEYS_MAX): IndexKey[] {
  for (let level = 0; ; level++) {
    const keys: IndexKey[] = [];
    for (let i = 0; i < print.subs.length && keys.length <= max; i++) {
      if (print.quiet[i]) continue;
      const weak = bitsOf(print.weak[i]!);
      for (let combination = 0; combination < 1 << weak.length; combination++) {
        let sub = print.subs[i]!;
        for (let w = 0; w < weak.length; w++) if (combination & (1 << w)) sub ^= weak[w]!;
        if (indexable(sub) && sampled(sub, level)) keys.push({ key: sub | 0, position: i });
      }
    }
    if (keys.length <= max || level >= 32 - SAMPLE_BITS) return keys.slice(0, max);
  }
}

// ------------------------------------------------------------------------------------- storing

/** The sub-fingerprints as bytes (little-endian uint32) and the quiet flags as bytes: what the database keeps. */
export function encodeFingerprint(print: AudioFingerprint): { subs: Uint8Array; quiet: Uint8Array } {
  const subs = new Uint8Array(print.subs.length * 4);
  const view = new DataView(subs.buffer);
  print.subs.forEach((sub, i) => view.setUint32(i * 4, sub, true));
  return { subs, quiet: print.quiet.slice() };
}

export function decodeFingerprint(subs: Uint8Array, quiet: Uint8Array): Pick<AudioFingerprint, "subs" | "quiet"> {
  const view = new DataView(subs.buffer, subs.byteOffset, subs.byteLength);
  const values = new Uint32Array(Math.floor(subs.byteLength / 4));
  for (let i = 0; i < values.length; i++) values[i] = view.getUint32(i * 4, true);
  return { subs: values, quiet: Uint8Array.from(quiet.subarray(0, values.length)) };
}
