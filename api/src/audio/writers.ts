// Artefacts written to disk as the audio arrives, so that no whole file sits in memory: an MP3
// (WASM LAME, then a LAME Info frame for gapless playback, ./lame-tag.ts) and a 16-bit WAV. Both
// reserve their header and write it at the end, when the totals are known.
import { closeSync, openSync, writeSync } from "node:fs";
import { createMp3Encoder } from "wasm-media-encoders";
import { buildInfoFrame, infoFrameLength, Mp3FrameCounter } from "./lame-tag";
import { AudioRejected } from "./sources";

const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type Mp3Rate = (typeof MP3_RATES)[number];

/** The MP3 sample rate for a source rate: the same when MPEG allows it, else 44.1 kHz (LAME resamples). */
export function mp3OutputRate(sampleRate: number): Mp3Rate {
  return (MP3_RATES as readonly number[]).includes(sampleRate) ? (sampleRate as Mp3Rate) : 44100;
}

/** Blocks handed to the encoder: its WASM buffers grow with the largest block. */
const ENCODE_BLOCK = 1152 * 64;

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

export interface WrittenMp3 {
  bytes: number;
  frames: number;
  /** Samples per channel given to the encoder. */
  samples: number;
}

export class Mp3FileWriter {
  private readonly counter = new Mp3FrameCounter();
  private position = 0;
  private samples = 0;
  private closed = false;

  private constructor(
    private readonly fd: number,
    private readonly encoder: Awaited<ReturnType<typeof createMp3Encoder>>,
    private readonly channels: number,
    private readonly sampleRate: number,
  ) {}

  static async create(path: string, options: { channels: 1 | 2; sampleRate: number; bitrate: 128 | 320 }): Promise<Mp3FileWriter> {
    const encoder = await createMp3Encoder();
    encoder.configure({ channels: options.channels, sampleRate: options.sampleRate, bitrate: options.bitrate, outputSampleRate: mp3OutputRate(options.sampleRate) });
    return new Mp3FileWriter(openSync(path, "w"), encoder, options.channels, options.sampleRate);
  }

  write(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    for (let start = 0; start < length; start += ENCODE_BLOCK) {
      const block = channels.slice(0, this.channels).map((channel) => channel.subarray(start, start + ENCODE_BLOCK));
      // encode() returns a view into WASM memory: it is written out before the next call.
      this.append(this.encoder.encode(block));
    }
    this.samples += length;
  }

  /** Flushes the encoder, writes the Info frame in front and closes the file. */
  finish(): WrittenMp3 {
    try {
      this.append(this.encoder.finalize());
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
      writeAll(this.fd, info, 0);
      return { bytes: info.length + counter.bytes, frames: counter.frames, samples: this.samples };
    } finally {
      this.close();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private append(bytes: Uint8Array): void {
    if (!bytes.length) return;
    const first = this.counter.firstHeaderBytes === null;
    this.counter.feed(bytes);
    if (first && this.counter.firstHeaderBytes) {
      // Room for the Info frame, written by finish() once the totals are known.
      this.position = infoFrameLength(this.counter.firstHeaderBytes);
    }
    writeAll(this.fd, bytes, this.position);
    this.position += bytes.length;
  }
}

/** Whole MP3 in memory, for short clips (tests, previews of other tools). */
export async function encodeMp3ToFile(path: string, channels: readonly Float32Array[], sampleRate: number, bitrate: 128 | 320): Promise<WrittenMp3> {
  const writer = await Mp3FileWriter.create(path, { channels: channels.length as 1 | 2, sampleRate, bitrate });
  try {
    writer.write(channels);
  } catch (error) {
    writer.close();
    throw error;
  }
  return writer.finish();
}

/** RIFF/WAVE 16-bit PCM written block by block; the sizes are filled in by finish(). */
export class WavFileWriter {
  private readonly fd: number;
  private position = 44;
  private closed = false;

  constructor(
    path: string,
    private readonly channels: number,
    private readonly sampleRate: number,
  ) {
    this.fd = openSync(path, "w");
  }

  write(channels: readonly Float32Array[]): void {
    const count = this.channels;
    const frames = channels[0]?.length ?? 0;
    if (!frames) return;
    if (this.position - 44 + frames * count * 2 > 0xffffffff - 36) throw new AudioRejected("Too long: the audio would not fit a WAV file (4 GB)");
    const out = new Uint8Array(frames * count * 2);
    const view = new DataView(out.buffer);
    for (let c = 0; c < count; c++) {
      const channel = channels[c]!;
      for (let i = 0, offset = c * 2; i < frames; i++, offset += count * 2) {
        const s = Math.max(-1, Math.min(1, channel[i]!));
        view.setInt16(offset, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
      }
    }
    writeAll(this.fd, out, this.position);
    this.position += out.length;
  }

  finish(): { bytes: number } {
    try {
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
      writeAll(this.fd, header, 0);
      return { bytes: this.position };
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
