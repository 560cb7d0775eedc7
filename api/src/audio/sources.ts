// Decoding an upload from its file, chunk by chunk, so that a long file never sits decoded in memory
// (a 50 MB MP3 can hold 52 minutes: 2.3 GB as float samples). MP3 goes through mpg123 (honours
// LAME/Xing gapless tags), WAV/FLAC/Ogg through @audio/decode's streaming decoders (FLAC and Ogg in
// pieces cut by ./feeds.ts, so that no decode call can explode). AAC and M4A are decoded whole: their
// decoder collapses dual-mono chunks to one channel chunk by chunk (a stereo file with a silent start
// would come out mono), and MP4 needs its index first; so they must declare their length.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { readFile } from "node:fs/promises";
import decode from "@audio/decode";
import { MPEGDecoder } from "mpg123-decoder";
import { flacFeeds, oggFeeds } from "./feeds";
import { parseFrameHeader } from "./lame-tag";
import type { AudioFormat } from "./sniff";

export interface PcmChunk {
  /** One or two channels (the first two of the source). */
  channels: Float32Array[];
  sampleRate: number;
}

/** A refusal of the audio itself (corrupt, truncated, silent): not worth a retry. */
export class AudioRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AudioRejected";
  }
}

const READ_BYTES = 1 << 16;

/** The file's bytes in blocks of `size` (the last may be shorter). */
export function* readBlocks(path: string, size = READ_BYTES, start = 0): Generator<Uint8Array> {
  const fd = openSync(path, "r");
  try {
    let position = start;
    for (;;) {
      const block = new Uint8Array(size);
      const read = readSync(fd, block, 0, size, position);
      if (!read) return;
      position += read;
      yield read === size ? block : block.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

function readAt(fd: number, position: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const read = readSync(fd, out, 0, length, position);
  return out.subarray(0, read);
}

const text = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** Walks the RIFF chunks: a WAV needs its format chunk before a data chunk that the file holds whole. */
export function checkWavFile(path: string): void {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    let offset = 12;
    let hasFormat = false;
    while (offset + 8 <= size) {
      const head = readAt(fd, offset, 8);
      const id = text(head, 0, 4);
      const length = new DataView(head.buffer).getUint32(4, true);
      if (id === "fmt ") hasFormat = true;
      if (id === "data") {
        if (!hasFormat) throw new AudioRejected("Corrupt audio: the WAV file has no format chunk before its data");
        if (offset + 8 + length > size) throw new AudioRejected("Truncated audio: the WAV data is shorter than its header says");
        return;
      }
      offset += 8 + length + (length % 2);
    }
    throw new AudioRejected("Corrupt audio: the WAV file has no data chunk");
  } finally {
    closeSync(fd);
  }
}

/** Mono or not, from the first MPEG frame whose successor is also a frame (after any ID3v2 tag). */
export function mp3ChannelCount(path: string): 1 | 2 {
  const fd = openSync(path, "r");
  try {
    let start = 0;
    const id3 = readAt(fd, 0, 10);
    if (id3.length === 10 && text(id3, 0, 3) === "ID3") {
      start =
        10 + ((id3[6]! & 0x7f) << 21) + ((id3[7]! & 0x7f) << 14) + ((id3[8]! & 0x7f) << 7) + (id3[9]! & 0x7f) + (id3[5]! & 0x10 ? 10 : 0);
    }
    const window = readAt(fd, start, 1 << 18);
    let fallback: 1 | 2 | null = null;
    for (let i = 0; i + 4 <= window.length; i++) {
      if (window[i] !== 0xff) continue;
      const header = parseFrameHeader(window, i);
      if (!header) continue;
      const channels = header.channelMode === 3 ? 1 : 2;
      const next = i + header.length;
      if (next + 4 > window.length) return fallback ?? channels;
      const following = parseFrameHeader(window, next);
      if (following && following.sampleRate === header.sampleRate) return channels;
      fallback ??= channels;
    }
    return fallback ?? 2;
  } finally {
    closeSync(fd);
  }
}

async function* decodeMp3(path: string): AsyncGenerator<PcmChunk> {
  const channels = mp3ChannelCount(path);
  const decoder = new MPEGDecoder();
  await decoder.ready;
  let samples = 0;
  let firstError: string | null = null;
  try {
    for (const block of readBlocks(path)) {
      const out = decoder.decode(block);
      if (out.errors.length && !firstError) firstError = out.errors[0]!.message;
      if (!out.samplesDecoded) continue;
      samples += out.samplesDecoded;
      yield { channels: out.channelData.slice(0, channels), sampleRate: out.sampleRate };
    }
  } finally {
    decoder.free();
  }
  if (!samples && firstError) throw new AudioRejected(`Corrupt audio: could not decode the MP3 data (${firstError})`);
}

function oggCodec(path: string): "oga" | "opus" | "flac" {
  const fd = openSync(path, "r");
  try {
    const head = readAt(fd, 0, 64);
    const body = text(head, 28, 8);
    if (body.startsWith("OpusHead")) return "opus";
    if (body.startsWith("\x7fFLAC")) return "flac";
    return "oga";
  } finally {
    closeSync(fd);
  }
}

async function* asyncBlocks(blocks: Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* blocks;
}

async function* decodeStreaming(
  path: string,
  format: "wav" | "flac" | "oga" | "opus",
  container: "wav" | "flac" | "ogg",
): AsyncGenerator<PcmChunk> {
  // WAV gives at most one frame per byte; FLAC and Ogg go in pieces of bounded decoded size.
  const blocks =
    container === "wav" ? readBlocks(path, 1 << 20) : container === "flac" ? flacFeeds(readBlocks(path)) : oggFeeds(readBlocks(path));
  for await (const out of decode(asyncBlocks(blocks), format)) {
    if (out.channelData.length) yield { channels: out.channelData.slice(0, 2), sampleRate: out.sampleRate };
  }
}

/**
 * Longest AAC/M4A accepted: decoded whole, 10 minutes of stereo 48 kHz are ~230 MB of samples, twice
 * that while the decoder joins its pieces (measured: 11 minutes at 44.1 kHz, 476 MB), which keeps the
 * audio thread under its bound (AUDIO_MEMORY_LIMIT_MB, ./limits.ts). Longer music goes in MP3, WAV, FLAC or OGG.
 */
export const MAX_WHOLE_DECODE_SECONDS = 10 * 60;

/** Refusal of an AAC/M4A whose headers do not say how long it is (it would be decoded whole, whatever its length). */
export const unknownLength = (format: "aac" | "m4a") =>
  `Unknown Length: this ${format.toUpperCase()} file does not say how long it is. Please upload it as MP3, WAV, FLAC or OGG.`;

async function* decodeWhole(path: string, format: "aac" | "m4a", declared: number | null): AsyncGenerator<PcmChunk> {
  if (declared === null) throw new AudioRejected(unknownLength(format));
  if (declared > MAX_WHOLE_DECODE_SECONDS) {
    throw new AudioRejected(
      `Too long: ${format.toUpperCase()} files are processed up to ${MAX_WHOLE_DECODE_SECONDS / 60} minutes; upload longer audio as MP3, WAV, FLAC or OGG.`,
    );
  }
  const decoded = await decode(await readFile(path));
  if (decoded.channelData.length) yield { channels: decoded.channelData.slice(0, 2), sampleRate: decoded.sampleRate };
}

/**
 * The decoded audio of a file, in chunks; decoder failures become AudioRejected with the reason.
 * `declaredSeconds` is what the headers say (./declared-duration.ts): AAC and M4A need it.
 */
export async function* decodeFile(path: string, format: AudioFormat, declaredSeconds: number | null): AsyncGenerator<PcmChunk> {
  if (format === "wav") checkWavFile(path);
  const source =
    format === "mp3"
      ? decodeMp3(path)
      : format === "wav" || format === "flac"
        ? decodeStreaming(path, format, format)
        : format === "ogg"
          ? decodeStreaming(path, oggCodec(path), "ogg")
          : decodeWhole(path, format, declaredSeconds);
  try {
    yield* source;
  } catch (error) {
    if (error instanceof AudioRejected) throw error;
    throw new AudioRejected(
      `Corrupt audio: could not decode the ${format.toUpperCase()} data (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
