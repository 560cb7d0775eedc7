// Artefacts written to disk as the audio arrives, so that no whole file sits in memory: an MP3
// (WASM LAME, then a LAME Info frame for gapless playback, ./lame-tag.ts) and a 16-bit WAV. Both
// reserve their header and write it at the end, when the totals are known.
import { closeSync, openSync, writeSync } from "node:fs";
import { createMp3Encoder, type Mp3Encoder } from "./mp3-encoder";
import { interleavePcm16 } from "./analysis";
import { buildInfoFrame, infoFrameLength, Mp3FrameCounter } from "./lame-tag";
import { AudioRejected } from "./sources";
import type { StepTimer } from "./timings";

const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type Mp3Rate = (typeof MP3_RATES)[number];

/** The MP3 sample rate for a source rate: the same when MPEG allows it, else 44.1 kHz (LAME resamples). */
export function mp3OutputRate(sampleRate: number): Mp3Rate {
  return (MP3_RATES as readonly number[]).includes(sampleRate) ? (sampleRate as Mp3Rate) : 44100;
}

/** Blocks handed to the encoder: its WASM buffers grow with the largest block. */
const ENCODE_BLOCK = 1152 * 64;

function writeAll(fd: number, bytes: Uint8Array, position: number, timer?: StepTimer): void {
  const from = timer?.mark();
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
  if (from) timer!.add("write", from);
}

/** Step names for a writer's time: its encoding, and its disk writes (always "write"). */
export interface WriterTiming {
  timer: StepTimer;
  /** The encoding step, e.g. "mp3" or "wav". */
  step: string;
}

export interface WrittenMp3 {
  bytes: number;
  frames: number;
  /** Samples per channel given to the encoder. */
  samples: number;
}

/** A file written by position whose header goes in last: closed once, by finish() or close(). */
abstract class HeaderLastFile {
  private closed = false;

  protected constructor(
    protected readonly fd: number,
    protected readonly timing?: WriterTiming,
  ) {}

  /** Runs `finish` (which writes the header) and closes the file, whether it succeeded or not. */
  protected closingAfter<T>(finish: () => T): T {
    try {
      return finish();
    } finally {
      this.close();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}

export class Mp3FileWriter extends HeaderLastFile {
  private readonly counter = new Mp3FrameCounter();
  private position = 0;
  private samples = 0;

  private constructor(
    fd: number,
    private readonly encoder: Mp3Encoder,
    private readonly channels: number,
    private readonly sampleRate: number,
    timing?: WriterTiming,
  ) {
    super(fd, timing);
  }

  static async create(
    path: string,
    options: { channels: 1 | 2; sampleRate: number; bitrate: 128 | 320; timing?: WriterTiming },
  ): Promise<Mp3FileWriter> {
    const encoder = await createMp3Encoder();
    encoder.configure({
      channels: options.channels,
      sampleRate: options.sampleRate,
      bitrate: options.bitrate,
      outputSampleRate: mp3OutputRate(options.sampleRate),
    });
    return new Mp3FileWriter(openSync(path, "w"), encoder, options.channels, options.sampleRate, options.timing);
  }

  /** Bytes of the file so far (with the room kept for its Info frame). */
  get bytes(): number {
    return this.position;
  }

  write(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    const { timing } = this;
    for (let start = 0; start < length; start += ENCODE_BLOCK) {
      const block = channels.slice(0, this.channels).map((channel) => channel.subarray(start, start + ENCODE_BLOCK));
      const from = timing?.timer.mark();
      const encoded = this.encoder.encode(block);
      if (from) timing!.timer.add(timing!.step, from);
      // encode() returns a view into WASM memory: it is written out before the next call.
      this.append(encoded);
    }
    this.samples += length;
  }

  /** Flushes the encoder, writes the Info frame in front and closes the file. */
  finish(): WrittenMp3 {
    return this.closingAfter(() => {
      const { timing } = this;
      this.append(timing ? timing.timer.time(timing.step, () => this.encoder.finalize()) : this.encoder.finalize());
      const { counter } = this;
      if (!counter.complete) throw new Error("MP3 encoder output ends inside a frame");
      if (!counter.firstHeaderBytes) return { bytes: 0, frames: 0, samples: this.samples };
      const outputRate = mp3OutputRate(this.sampleRate);
      const info = buildInfoFrame({
        firstHeaderBytes: counter.firstHeaderBytes,
        frames: counter.frames,
        musicBytes: counter.bytes,
        musicCrc: counter.crc,
        sampleCount: outputRate === this.sampleRate ? this.samples : Math.round((this.samples * outputRate) / this.sampleRate),
        sourceSampleRate: this.sampleRate,
      });
      writeAll(this.fd, info, 0, this.timing?.timer);
      return { bytes: info.length + counter.bytes, frames: counter.frames, samples: this.samples };
    });
  }

  private append(bytes: Uint8Array): void {
    if (!bytes.length) return;
    const first = this.counter.firstHeaderBytes === null;
    const { timing } = this;
    if (timing) timing.timer.time(timing.step, () => this.counter.feed(bytes));
    else this.counter.feed(bytes);
    if (first && this.counter.firstHeaderBytes) {
      // Room for the Info frame, written by finish() once the totals are known.
      this.position = infoFrameLength(this.counter.firstHeaderBytes);
    }
    writeAll(this.fd, bytes, this.position, this.timing?.timer);
    this.position += bytes.length;
  }
}

/** Whole MP3 in memory, for short clips (tests, previews of other tools). */
export async function encodeMp3ToFile(
  path: string,
  channels: readonly Float32Array[],
  sampleRate: number,
  bitrate: 128 | 320,
  timing?: WriterTiming,
): Promise<WrittenMp3> {
  const writer = await Mp3FileWriter.create(path, { channels: channels.length as 1 | 2, sampleRate, bitrate, timing });
  try {
    writer.write(channels);
  } catch (error) {
    writer.close();
    throw error;
  }
  return writer.finish();
}

/** RIFF/WAVE 16-bit PCM written block by block; the sizes are filled in by finish(). */
export class WavFileWriter extends HeaderLastFile {
  private position = 44;
  /** Reused for every block (writes are synchronous). */
  private readonly scratch = { buffer: new ArrayBuffer(0) };

  constructor(
    path: string,
    private readonly channels: number,
    private readonly sampleRate: number,
    timing?: WriterTiming,
  ) {
    super(openSync(path, "w"), timing);
  }

  /** Bytes of the file so far (header included). */
  get bytes(): number {
    return this.position;
  }

  write(channels: readonly Float32Array[]): void {
    const count = this.channels;
    const frames = channels[0]?.length ?? 0;
    if (!frames) return;
    if (this.position - 44 + frames * count * 2 > 0xffffffff - 36)
      throw new AudioRejected("Too long: the audio would not fit a WAV file (4 GB)");
    const { timing } = this;
    const from = timing?.timer.mark();
    const out = interleavePcm16(channels.length === count ? channels : channels.slice(0, count), this.scratch);
    if (from) timing!.timer.add(timing!.step, from);
    writeAll(this.fd, out, this.position, timing?.timer);
    this.position += out.length;
  }

  finish(): { bytes: number } {
    return this.closingAfter(() => {
      const dataBytes = this.position - 44;
      const header = Buffer.alloc(44);
      header.write("RIFF", 0, "latin1");
      header.writeUInt32LE(36 + dataBytes, 4);
      header.write("WAVE", 8, "latin1");
      header.write("fmt ", 12, "latin1");
      header.writeUInt32LE(16, 16);
      header.writeUInt16LE(1, 20);
      header.writeUInt16LE(this.channels, 22);
      header.writeUInt32LE(this.sampleRate, 24);
      header.writeUInt32LE(this.sampleRate * this.channels * 2, 28);
      header.writeUInt16LE(this.channels * 2, 32);
      header.writeUInt16LE(16, 34);
      header.write("data", 36, "latin1");
      header.writeUInt32LE(dataBytes, 40);
      writeAll(this.fd, header, 0, this.timing?.timer);
      return { bytes: this.position };
    });
  }
}
