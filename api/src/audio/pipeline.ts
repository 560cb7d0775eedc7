// The whole processing of one upload, from its file to every artefact. CPU-heavy: it runs in a
// worker thread (./run-in-worker.ts), never on the request path.
//
// The audio is decoded in chunks (./sources.ts) and each chunk goes at once to every consumer, so
// memory stays bounded whatever the length: the 320 kbps MP3 and the 16-bit WAV are written to
// files as they grow (./writers.ts), the waveform is a bounded min/max envelope, tempo and key look
// at the first ANALYSIS_SECONDS, the preview keeps the first PREVIEW_SECONDS.
//
// Length is capped (./limits.ts): a header that declares more than the cap is refused before any
// decoding, and the decoded frames are counted so that the decode stops as soon as the cap is passed
// (nothing past it is encoded or written). The thread's own memory is checked after every chunk.
import { closeSync, openSync, readSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { detectKey, detectTempo, mixToMono, PeakAccumulator, previewClip } from "./analysis";
import { declaredDurationOfFile } from "./declared-duration";
import { audioLimits, type AudioLimits } from "./limits";
import { AudioRejected, decodeFile, type PcmChunk } from "./sources";
import { sniffAudioFormat, SNIFF_BYTES } from "./sniff";
import { encodeMp3ToFile, Mp3FileWriter, WavFileWriter } from "./writers";

export { AudioRejected } from "./sources";
export type { AudioLimits } from "./limits";

/** Tempo and key are detected on this much audio from the start (a loop is shorter: all of it). */
export const ANALYSIS_SECONDS = 120;
export const PREVIEW_SECONDS = 30;
/** Chunks are cut to this many frames before they reach the consumers (bounds their buffers). */
const SLICE_FRAMES = 1 << 18;

export interface PipelineFiles {
  /** 30 s MP3 at 128 kbps, with fades, gapless (LAME Info frame). */
  preview: string;
  /** The whole audio, MP3 320 kbps CBR, gapless. */
  mp3: string;
  /** The whole audio, 16-bit PCM WAV (first two channels). */
  wav: string;
}

export interface PipelineResult {
  durationMs: number;
  /** Decoded samples per channel. */
  samples: number;
  sampleRate: number;
  channels: number;
  detectedBpm: number | null;
  detectedKey: string | null;
  peaks: number[][];
  files: PipelineFiles;
}

class Consumers {
  private frames = 0;
  private readonly peaks = new PeakAccumulator();
  private readonly excerpt: Float32Array[] = [];
  private excerptFrames = 0;
  private readonly preview: Float32Array[][] = [];
  private previewFrames = 0;

  private constructor(
    readonly sampleRate: number,
    readonly channels: 1 | 2,
    private readonly files: PipelineFiles,
    private readonly mp3: Mp3FileWriter,
    private readonly wav: WavFileWriter,
  ) {}

  static async create(sampleRate: number, channels: 1 | 2, files: PipelineFiles): Promise<Consumers> {
    const mp3 = await Mp3FileWriter.create(files.mp3, { channels, sampleRate, bitrate: 320 });
    return new Consumers(sampleRate, channels, files, mp3, new WavFileWriter(files.wav, channels, sampleRate));
  }

  add(chunk: PcmChunk): void {
    if (chunk.sampleRate !== this.sampleRate) throw new AudioRejected("Corrupt audio: the sample rate changes within the file");
    const length = chunk.channels[0]?.length ?? 0;
    for (let start = 0; start < length; start += SLICE_FRAMES) {
      const end = Math.min(length, start + SLICE_FRAMES);
      const channels = Array.from({ length: this.channels }, (_, c) => (chunk.channels[c] ?? chunk.channels[0]!).subarray(start, end));
      this.addSlice(channels);
    }
  }

  private addSlice(channels: Float32Array[]): void {
    const length = channels[0]!.length;
    for (const channel of channels) {
      for (let i = 0; i < length; i++) if (!Number.isFinite(channel[i]!)) throw new AudioRejected("Corrupt audio: decoded samples are not numbers");
    }
    const mono = mixToMono(channels);
    this.peaks.add(mono);
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
    this.mp3.write(channels);
    this.wav.write(channels);
    this.frames += length;
  }

  async finish(): Promise<PipelineResult> {
    if (!this.frames) throw new AudioRejected("Empty audio: no samples could be decoded");
    const { sampleRate } = this;
    const excerpt = concat(this.excerpt, this.excerptFrames);
    this.excerpt.length = 0;
    const previewChannels = Array.from({ length: this.channels }, (_, c) =>
      concat(
        this.preview.map((part) => part[c]!),
        this.previewFrames,
      ),
    );
    this.preview.length = 0;
    await encodeMp3ToFile(this.files.preview, previewClip(previewChannels, sampleRate, PREVIEW_SECONDS), sampleRate, 128);
    this.mp3.finish();
    this.wav.finish();
    return {
      durationMs: Math.round((this.frames / sampleRate) * 1000),
      samples: this.frames,
      sampleRate,
      channels: this.channels,
      detectedBpm: detectTempo(excerpt, sampleRate),
      detectedKey: detectKey(excerpt, sampleRate),
      peaks: this.peaks.points(),
      files: this.files,
    };
  }

  close(): void {
    this.mp3.close();
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
}

/**
 * Processes the upload at `input` and writes preview.mp3, audio.mp3 and audio.wav into `outDir`
 * (which the caller creates and removes). Refused audio throws AudioRejected with the reason.
 */
export async function processAudioFile(input: string, outDir: string, options: ProcessOptions = {}): Promise<PipelineResult> {
  const { limits = audioLimits("track"), memory } = options;
  memory?.check();
  const format = sniffAudioFormat(readHead(input));
  if (!format) throw new AudioRejected("Unsupported audio: the container is not MP3, WAV, FLAC, M4A/AAC or OGG");
  const declared = declaredDurationOfFile(input, format);
  if (declared !== null && declared > limits.maxSeconds + DECLARED_SLACK_SECONDS) throw new AudioRejected(limits.tooLong);
  const files: PipelineFiles = {
    preview: path.join(outDir, "preview.mp3"),
    mp3: path.join(outDir, "audio.mp3"),
    wav: path.join(outDir, "audio.wav"),
  };
  let consumers: Consumers | null = null;
  let frames = 0;
  try {
    for await (const chunk of decodeFile(input, format, declared)) {
      memory?.check();
      const length = chunk.channels[0]?.length ?? 0;
      if (!length) continue;
      if (!chunk.sampleRate) throw new AudioRejected("Corrupt audio: the file gives no sample rate");
      frames += length;
      // Counted before the chunk is used: past the cap nothing more is encoded or written.
      if (frames > limits.maxSeconds * chunk.sampleRate) throw new AudioRejected(limits.tooLong);
      if (format === "flac" && declared !== null && frames > declared * chunk.sampleRate + FLAC_MAX_BLOCK) {
        throw new AudioRejected("Corrupt audio: the FLAC file holds more audio than its header declares");
      }
      consumers ??= await Consumers.create(chunk.sampleRate, chunk.channels.length > 1 ? 2 : 1, files);
      consumers.add(chunk);
    }
    if (!consumers) throw new AudioRejected("Empty audio: no samples could be decoded");
    const result = await consumers.finish();
    memory?.check();
    return result;
  } finally {
    consumers?.close();
  }
}

export interface ProcessedAudio extends Omit<PipelineResult, "files"> {
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
