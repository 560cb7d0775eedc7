// The whole processing of one upload, from its file to every artefact. CPU-heavy: it runs in a
// worker thread (./run-in-worker.ts), never on the request path.
//
// The audio is decoded in chunks (./sources.ts) and each chunk goes at once to every consumer, so
// memory stays bounded whatever the length: the 320 kbps MP3 and the 16-bit WAV are written to
// files as they grow (./writers.ts), the waveform is a bounded min/max envelope, tempo and key look
// at the first ANALYSIS_SECONDS, the preview keeps the first PREVIEW_SECONDS.
//
// An MP3 upload is not encoded again for the MP3 download (issue 19): re-encoding lossy audio adds
// generation loss and bytes, and the 320 kbps encode was most of the processing time. The upload
// itself is the MP3 file delivered when its frames are plain MPEG Layer III at one sample rate, any
// Xing/Info/VBRI frame count agrees with the frames, and the decoded length agrees with the frames
// (so the decode, which validated them, covered them all). Otherwise (e.g. Layer II, free format,
// a header that lies) it is encoded at 320 kbps like every other format, in a second decode.
//
// Length is capped (./limits.ts): a header that declares more than the cap is refused before any
// decoding, and the decoded frames are counted so that the decode stops as soon as the cap is passed
// (nothing past it is encoded or written). The thread's own memory is checked after every chunk.
//
// The sample rate is capped too (issue 35): audio above MAX_SOURCE_SAMPLE_RATE is refused at its first
// chunk, and audio above MAX_DERIVED_SAMPLE_RATE is resampled (./resample.ts) before every consumer, so
// the stored files are at 48 kHz at most (./stored-size.ts). What the files take is counted as they
// are written: past the bytes the member's storage quota leaves them (`storage`), the decode stops.
//
// Each step's CPU and wall time is summed over the chunks (./timings.ts) and returned with the
// result: the worker's log line and the bench print them.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MAX_SOURCE_SAMPLE_RATE, sampleRateTooHighMessage } from "@loop/rules/schemas/loops";
import { allFinite, detectKey, detectTempo, mixStereo, PeakAccumulator, previewClip } from "./analysis";
import { probeFile, type Mp3Survey } from "./declared-duration";
import { Fingerprinter, type AudioFingerprint } from "./fingerprint";
import { audioLimits, type AudioLimits } from "./limits";
import { AudioRejected, decodeFile, type PcmChunk } from "./sources";
import { Resampler } from "./resample";
import { sniffAudioFormat, SNIFF_BYTES, type AudioFormat } from "./sniff";
import { derivedSampleRate, PEAKS_BYTES_MAX, previewBytes } from "./stored-size";
import { StepTimer, type StepTimings } from "./timings";
import { encodeMp3ToFile, Mp3FileWriter, WavFileWriter } from "./writers";

export { AudioRejected } from "./sources";
export type { AudioLimits } from "./limits";
export type { StepTimings } from "./timings";

/** Tempo and key are detected on this much audio from the start (a loop is shorter: all of it). */
export const ANALYSIS_SECONDS = 120;
export const PREVIEW_SECONDS = 30;
/** Chunks are cut to this many frames before they reach the consumers (bounds their buffers). */
const SLICE_FRAMES = 1 << 18;

/** Bitrate of the MP3 we encode for delivery (any upload that is not an MP3 delivered as it is). */
export const DELIVERY_MP3_KBPS = 320;

export interface PipelineFiles {
  /** 30 s MP3 at 128 kbps, with fades, gapless (LAME Info frame). */
  preview: string;
  /**
   * The whole audio as MP3: our 320 kbps CBR encode (gapless), or for an MP3 upload delivered as it
   * is (`mp3Original`) the input file itself (not in `outDir`: the caller must not remove it first).
   */
  mp3: string;
  /** The whole audio, 16-bit PCM WAV (first two channels). */
  wav: string;
}

export interface PipelineResult {
  durationMs: number;
  /** Samples per channel of the stored files (the decoded ones, resampled when above 48 kHz). */
  samples: number;
  /** Rate of the stored files: the source's, or 44.1/48 kHz for a source above 48 kHz. */
  sampleRate: number;
  /** Rate the upload decoded at. */
  sourceSampleRate: number;
  channels: number;
  detectedBpm: number | null;
  detectedKey: string | null;
  peaks: number[][];
  /** The sound's fingerprint (./fingerprint.ts): the upload reward's "heard before" check. */
  fingerprint: AudioFingerprint;
  files: PipelineFiles;
  /** `files.mp3` is the uploaded MP3 itself (not encoded again). */
  mp3Original: boolean;
  /** Bitrate of `files.mp3` in kbps: DELIVERY_MP3_KBPS, or an original's mean bitrate over its frames (VBR: average), rounded. */
  mp3Kbps: number;
  /**
   * CPU and wall time per step, summed over the chunks: probe (sniff, declared length), decode, resample
   * (sources above 48 kHz), mix (finite check, mono mixdown, excerpt and preview copies), peaks, fingerprint, bpm, key, mp3 (320 kbps
   * encoder; absent for an MP3 delivered as uploaded), preview (clip and 128 kbps encoder), wav (16-bit conversion), write (the disk writes of
   * all three files), other, total.
   */
  timings: StepTimings;
}

/** Bytes the files made from an upload may take (the room the member's storage quota leaves), and the refusal past them. */
export interface StorageBudget {
  maxBytes: number;
  message: string;
}

class Consumers {
  private frames = 0;
  private readonly peaks = new PeakAccumulator();
  private fingerprinter: Fingerprinter | null = null;
  private readonly excerpt: Float32Array[] = [];
  private excerptFrames = 0;
  private readonly preview: Float32Array[][] = [];
  private previewFrames = 0;
  /** The mono mixdown of a stereo slice (reused: peaks read it, the excerpt copies it). */
  private mono: Float32Array;
  /** Rate of the stored files (every consumer works at it). */
  readonly sampleRate: number;
  /** Null when the source's rate is stored as it is. */
  private readonly resampler: Resampler | null;

  private constructor(
    readonly sourceRate: number,
    readonly channels: 1 | 2,
    private readonly files: PipelineFiles,
    /** Null when the upload is an MP3 that may be delivered as it is. */
    private readonly mp3: Mp3FileWriter | null,
    private readonly wav: WavFileWriter,
    private readonly timer: StepTimer,
    private readonly budget: { limit: StorageBudget; mp3AsUploadedBytes: number } | null,
  ) {
    this.sampleRate = derivedSampleRate(sourceRate);
    this.resampler = this.sampleRate === sourceRate ? null : new Resampler(sourceRate, this.sampleRate, channels);
    this.mono = new Float32Array(channels === 2 ? SLICE_FRAMES : 0);
  }

  static async create(
    sourceRate: number,
    channels: 1 | 2,
    files: PipelineFiles,
    timer: StepTimer,
    encodeMp3: boolean,
    budget: { limit: StorageBudget; mp3AsUploadedBytes: number } | null,
  ): Promise<Consumers> {
    const sampleRate = derivedSampleRate(sourceRate);
    const mp3 = encodeMp3
      ? await Mp3FileWriter.create(files.mp3, { channels, sampleRate, bitrate: DELIVERY_MP3_KBPS, timing: { timer, step: "mp3" } })
      : null;
    const wav = new WavFileWriter(files.wav, channels, sampleRate, { timer, step: "wav" });
    return new Consumers(sourceRate, channels, files, mp3, wav, timer, budget);
  }

  add(chunk: PcmChunk): void {
    if (chunk.sampleRate !== this.sourceRate) throw new AudioRejected("Corrupt audio: the sample rate changes within the file");
    const length = chunk.channels[0]?.length ?? 0;
    for (let start = 0; start < length; start += SLICE_FRAMES) {
      const end = Math.min(length, start + SLICE_FRAMES);
      const channels = Array.from({ length: this.channels }, (_, c) => (chunk.channels[c] ?? chunk.channels[0]!).subarray(start, end));
      this.addResampled(channels);
    }
  }

  private addResampled(channels: Float32Array[]): void {
    const { resampler } = this;
    const slice = resampler ? this.timer.time("resample", () => resampler.process(channels)) : channels;
    if (slice[0]!.length) this.addSlice(slice);
  }

  /** Bytes the stored files would take now: the WAV and MP3 written so far, the preview and the peaks. */
  private storedBytes(): number {
    const mp3 = this.mp3 ? this.mp3.bytes : (this.budget?.mp3AsUploadedBytes ?? 0);
    return this.wav.bytes + mp3 + previewBytes(this.frames / this.sampleRate) + PEAKS_BYTES_MAX;
  }

  private addSlice(channels: Float32Array[]): void {
    const { timer } = this;
    let mark = timer.mark();
    const length = channels[0]!.length;
    if (this.channels === 2 && this.mono.length < length) this.mono = new Float32Array(length);
    // Checked before any consumer sees the slice (LAME is not given NaN).
    const mono = channels.length === 2 ? this.mono.subarray(0, length) : channels[0]!;
    const finite = channels.length === 2 ? mixStereo(channels[0]!, channels[1]!, mono) : allFinite(mono);
    if (!finite) throw new AudioRejected("Corrupt audio: decoded samples are not numbers");
    mark = timer.add("mix", mark);
    this.peaks.add(mono);
    mark = timer.add("peaks", mark);
    (this.fingerprinter ??= new Fingerprinter(this.sampleRate)).add(mono);
    mark = timer.add("fingerprint", mark);
    const excerptLimit = ANALYSIS_SECONDS * this.sampleRate;
    if (this.excerptFrames < excerptLimit) {
      const take = mono.slice(0, excerptLimit - this.excerptFrames);
      this.excerpt.push(take);
      this.excerptFrames += take.length;
    }
    const previewLimit = Math.round(PREVIEW_SECONDS * this.sampleRate);
    if (this.previewFrames < previewLimit) {
      const take = Math.min(length, previewLimit - this.previewFrames);
      this.preview.push(channels.map((channel) => channel.slice(0, take)));
      this.previewFrames += take;
    }
    timer.add("mix", mark);
    this.mp3?.write(channels);
    this.wav.write(channels);
    this.frames += length;
    // Past the room the storage quota leaves, nothing more is decoded or written.
    if (this.budget && this.storedBytes() > this.budget.limit.maxBytes) throw new AudioRejected(this.budget.limit.message);
  }

  async finish(): Promise<Omit<PipelineResult, "files" | "mp3Original" | "mp3Kbps" | "timings">> {
    const { resampler } = this;
    if (resampler) {
      const tail = this.timer.time("resample", () => resampler.flush());
      if (tail[0]!.length) this.addSlice(tail);
    }
    if (!this.frames) throw new AudioRejected("Empty audio: no samples could be decoded");
    const { sampleRate, timer } = this;
    const excerpt = timer.time("mix", () => concat(this.excerpt, this.excerptFrames));
    this.excerpt.length = 0;
    const previewChannels = Array.from({ length: this.channels }, (_, c) =>
      concat(
        this.preview.map((part) => part[c]!),
        this.previewFrames,
      ),
    );
    this.preview.length = 0;
    const clip = timer.time("preview", () => previewClip(previewChannels, sampleRate, PREVIEW_SECONDS));
    await encodeMp3ToFile(this.files.preview, clip, sampleRate, 128, { timer, step: "preview" });
    this.mp3?.finish();
    this.wav.finish();
    const detectedBpm = timer.time("bpm", () => detectTempo(excerpt, sampleRate));
    const detectedKey = timer.time("key", () => detectKey(excerpt, sampleRate));
    const peaks = timer.time("peaks", () => this.peaks.points());
    const fingerprint = timer.time("fingerprint", () => (this.fingerprinter ?? new Fingerprinter(sampleRate)).finish());
    return {
      durationMs: Math.round((this.frames / sampleRate) * 1000),
      samples: this.frames,
      sampleRate,
      sourceSampleRate: this.sourceRate,
      channels: this.channels,
      detectedBpm,
      detectedKey,
      peaks,
      fingerprint,
    };
  }

  close(): void {
    this.mp3?.close();
    this.wav.close();
  }
}

function concat(parts: Float32Array[], length: number): Float32Array {
  if (parts.length === 1 && parts[0]!.length === length) return parts[0]!;
  const out = new Float32Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function readHead(file: string): Uint8Array {
  const fd = openSync(file, "r");
  try {
    const head = new Uint8Array(SNIFF_BYTES);
    return head.subarray(0, readSync(fd, head, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * The memory of the thread the pipeline runs in: V8 heap plus everything outside it that V8 knows
 * of (ArrayBuffers, WASM memories). `check()` records the peak and refuses past the limit.
 */
export class MemoryMeter {
  peakBytes = 0;

  constructor(
    readonly limitBytes: number,
    private readonly refusal: string,
  ) {}

  check(): void {
    const { heapTotal, external } = process.memoryUsage();
    this.peakBytes = Math.max(this.peakBytes, heapTotal + external);
    if (heapTotal + external > this.limitBytes) throw new AudioRejected(this.refusal);
  }
}

/** A declared length within this much of the cap is left to the decoded count (headers count encoder padding). */
const DECLARED_SLACK_SECONDS = 1;
/** A FLAC frame holds at most this many samples: decoding more than STREAMINFO declares plus one frame means it lies. */
const FLAC_MAX_BLOCK = 65_535;

export interface ProcessOptions {
  /** Longest audio processed and the refusal past it (default: a track's). */
  limits?: AudioLimits;
  /** Checked after every decoded chunk. */
  memory?: MemoryMeter;
  /** Bytes the files made from the upload may take (the member's storage quota), checked as they are written. */
  storage?: StorageBudget;
}

/**
 * Processes the upload at `input` and writes preview.mp3, audio.mp3 and audio.wav into `outDir`
 * (which the caller creates and removes); an MP3 upload delivered as it is writes no audio.mp3:
 * `files.mp3` is then `input`. Refused audio throws AudioRejected with the reason.
 */
export async function processAudioFile(input: string, outDir: string, options: ProcessOptions = {}): Promise<PipelineResult> {
  const { limits = audioLimits("track"), memory, storage } = options;
  const timer = new StepTimer();
  memory?.check();
  let mark = timer.mark();
  const format = sniffAudioFormat(readHead(input));
  if (!format) throw new AudioRejected("Unsupported audio: the container is not MP3, WAV, FLAC, M4A/AAC or OGG");
  const { declared, mp3: survey } = probeFile(input, format);
  const original = survey && deliverableAsUploaded(survey) ? survey : null;
  timer.add("probe", mark);
  if (declared !== null && declared > limits.maxSeconds + DECLARED_SLACK_SECONDS) throw new AudioRejected(limits.tooLong);
  const files: PipelineFiles = {
    preview: path.join(outDir, "preview.mp3"),
    mp3: path.join(outDir, "audio.mp3"),
    wav: path.join(outDir, "audio.wav"),
  };
  let consumers: Consumers | null = null;
  let frames = 0;
  try {
    // Decoding is the time between the loop's turns (for await: an early exit still closes the decoder and the file).
    mark = timer.mark();
    for await (const chunk of decodeFile(input, format, declared)) {
      timer.add("decode", mark);
      memory?.check();
      const length = chunk.channels[0]?.length ?? 0;
      if (!length) {
        mark = timer.mark();
        continue;
      }
      if (!chunk.sampleRate) throw new AudioRejected("Corrupt audio: the file gives no sample rate");
      if (chunk.sampleRate > MAX_SOURCE_SAMPLE_RATE) throw new AudioRejected(sampleRateTooHighMessage(chunk.sampleRate));
      frames += length;
      // Counted before the chunk is used: past the cap nothing more is encoded or written.
      if (frames > limits.maxSeconds * chunk.sampleRate) throw new AudioRejected(limits.tooLong);
      if (format === "flac" && declared !== null && frames > declared * chunk.sampleRate + FLAC_MAX_BLOCK) {
        throw new AudioRejected("Corrupt audio: the FLAC file holds more audio than its header declares");
      }
      consumers ??= await Consumers.create(
        chunk.sampleRate,
        chunk.channels.length > 1 ? 2 : 1,
        files,
        timer,
        !original,
        storage ? { limit: storage, mp3AsUploadedBytes: statSync(input).size } : null,
      );
      consumers.add(chunk);
      mark = timer.mark();
    }
    timer.add("decode", mark);
    if (!consumers) throw new AudioRejected("Empty audio: no samples could be decoded");
    const result = await consumers.finish();
    memory?.check();
    if (original && decodedAsSurveyed(original, result.samples, result.sampleRate)) {
      return {
        ...result,
        files: { ...files, mp3: input },
        mp3Original: true,
        mp3Kbps: Math.round(original.meanKbps),
        timings: timer.result(),
      };
    }
    if (original) {
      consumers.close();
      // The WAV and preview are written: the MP3 encoded again may take what they leave of the room.
      const written = statSync(files.wav).size + statSync(files.preview).size + PEAKS_BYTES_MAX;
      const budget = storage ? { maxBytes: storage.maxBytes - written, message: storage.message } : undefined;
      await encodeMp3Again(input, format, declared, files.mp3, result.channels as 1 | 2, { timer, memory, budget });
    }
    return { ...result, files, mp3Original: false, mp3Kbps: DELIVERY_MP3_KBPS, timings: timer.result() };
  } finally {
    consumers?.close();
  }
}

/** LAME's encoder delay and padding are 12-bit fields of its tag: a gapless decode drops at most this much of the frames. */
const GAPLESS_TRIM_MAX = 2 * 4095;

/** Before decoding: plain Layer III frames at one rate, and a Xing/Info/VBRI frame count (if any) that agrees with them. */
function deliverableAsUploaded(survey: Mp3Survey): boolean {
  if (!survey.frames || survey.mixedRates) return false;
  return survey.tagFrames === null || Math.abs(survey.tagFrames - survey.frames) <= 1;
}

/**
 * After decoding: the decoder's samples are the frames' (less a gapless trim, less a cut last
 * frame), at their rate. Layer I/II frames, free-format frames or junk decoded as audio would not
 * have been counted by the survey, and the decode would come out longer.
 */
function decodedAsSurveyed(survey: Mp3Survey, samples: number, sampleRate: number): boolean {
  if (sampleRate !== survey.sampleRate) return false;
  const perFrame = survey.samples / survey.frames;
  return samples <= survey.samples && samples >= survey.samples - GAPLESS_TRIM_MAX - 2 * perFrame;
}

/**
 * The 320 kbps MP3 of an MP3 upload that cannot be delivered as it is (found out after the first
 * decode): decoded a second time, only for the encoder. The first decode checked every sample.
 */
async function encodeMp3Again(
  input: string,
  format: AudioFormat,
  declared: number | null,
  output: string,
  channels: 1 | 2,
  { timer, memory, budget }: { timer: StepTimer; memory?: MemoryMeter; budget?: StorageBudget },
): Promise<void> {
  let writer: Mp3FileWriter | null = null;
  try {
    let mark = timer.mark();
    for await (const chunk of decodeFile(input, format, declared)) {
      timer.add("decode", mark);
      memory?.check();
      if (chunk.channels[0]?.length) {
        writer ??= await Mp3FileWriter.create(output, {
          channels,
          sampleRate: chunk.sampleRate,
          bitrate: DELIVERY_MP3_KBPS,
          timing: { timer, step: "mp3" },
        });
        writer.write(Array.from({ length: channels }, (_, c) => chunk.channels[c] ?? chunk.channels[0]!));
        if (budget && writer.bytes > budget.maxBytes) throw new AudioRejected(budget.message);
      }
      mark = timer.mark();
    }
    timer.add("decode", mark);
    if (!writer) throw new Error("The MP3 decoded to nothing the second time");
    writer.finish();
  } finally {
    writer?.close();
  }
}

export interface ProcessedAudio extends Omit<PipelineResult, "files"> {
  /** The MP3 delivered: our encode, or the input bytes themselves (`mp3Original`). */
  preview: Uint8Array;
  mp3: Uint8Array;
  wav: Uint8Array;
}

/** The pipeline on bytes in memory, artefacts returned as bytes: for short audio (tests, tools). */
export async function processAudio(bytes: Uint8Array, options: ProcessOptions = {}): Promise<ProcessedAudio> {
  const dir = await mkdtemp(path.join(tmpdir(), "loop-audio-"));
  try {
    const input = path.join(dir, "original");
    await writeFile(input, bytes);
    const { files, ...result } = await processAudioFile(input, dir, options);
    const [preview, mp3, wav] = await Promise.all([readFile(files.preview), readFile(files.mp3), readFile(files.wav)]);
    return { ...result, preview, mp3, wav };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
