// What an upload's header says before anything is decoded: its sample rate, channels and length,
// read from the first and last bytes kept while it streams to storage (HeaderCollector, used by
// features/loops/receive-upload.ts). The API refuses a rate above MAX_SOURCE_SAMPLE_RATE from it,
// and predicts what the files made from the upload will take (./stored-size.ts). Headers can lie or
// be silent: decoding checks the rate and counts what it writes (./pipeline.ts).
import { ADTS_RATES, adtsDuration, id3Length, mp4Duration, oggDuration, surveyMp3 } from "./declared-duration";
import { parseFrameHeader } from "./lame-tag";
import type { AudioFormat } from "./sniff";

/** Bytes kept from the start (after an ID3v2 tag for MP3 and AAC, up to PROBE_HEAD_MAX_BYTES in all). */
export const PROBE_HEAD_BYTES = 64 * 1024;
const PROBE_HEAD_MAX_BYTES = 2 * 1024 * 1024;
/** Bytes kept from the end: an Ogg file's last page (./declared-duration.ts, OGG_TAIL). */
export const PROBE_TAIL_BYTES = 128 * 1024;

export interface HeaderFacts {
  /** Hz the audio decodes at, or null when the header does not say. */
  sampleRate: number | null;
  channels: number | null;
  /** Seconds the header declares (for MP3 and AAC without a frame count: estimated from the first frames and the size). */
  seconds: number | null;
}

const UNKNOWN: HeaderFacts = { sampleRate: null, channels: null, seconds: null };

/** Keeps an upload's first and last bytes as they stream by. */
export class HeaderCollector {
  private readonly headParts: Buffer[] = [];
  private headLength = 0;
  private headLimit = PROBE_HEAD_BYTES;
  private tagChecked = false;
  private readonly tailParts: Buffer[] = [];
  private tailLength = 0;
  size = 0;

  push(chunk: Buffer): void {
    this.size += chunk.length;
    let rest = chunk;
    while (rest.length && this.headLength < this.headLimit) {
      const take = Buffer.from(rest.subarray(0, this.headLimit - this.headLength));
      this.headParts.push(take);
      this.headLength += take.length;
      rest = rest.subarray(take.length);
      if (!this.tagChecked && this.headLength >= 10) {
        this.tagChecked = true;
        // An ID3v2 tag (cover art: often hundreds of KB) comes before the first frame: keep the bytes after it too.
        const tag = id3Length(this.head());
        if (tag) this.headLimit = Math.min(tag + PROBE_HEAD_BYTES, PROBE_HEAD_MAX_BYTES);
      }
    }
    this.tailParts.push(chunk);
    this.tailLength += chunk.length;
    while (this.tailParts.length > 1 && this.tailLength - this.tailParts[0]!.length >= PROBE_TAIL_BYTES) {
      this.tailLength -= this.tailParts.shift()!.length;
    }
  }

  /** All the head that will be kept has arrived (or the file ended before). */
  get headComplete(): boolean {
    return this.headLength >= this.headLimit;
  }

  head(): Buffer {
    return Buffer.concat(this.headParts, this.headLength);
  }

  tail(): Buffer {
    const tail = Buffer.concat(this.tailParts, this.tailLength);
    return tail.subarray(Math.max(0, tail.length - PROBE_TAIL_BYTES));
  }

  facts(format: AudioFormat): HeaderFacts {
    return headerFacts(format, this.head(), this.tail(), this.size);
  }
}

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((c, i) => bytes[start + i] === c.charCodeAt(0));

/**
 * What the header says, from the file's first bytes (`head`, from offset 0), its last ones (`tail`) and
 * its size. A field the header does not give, or that lies outside these bytes, is null.
 */
export function headerFacts(format: AudioFormat, head: Uint8Array, tail: Uint8Array, size: number): HeaderFacts {
  switch (format) {
    case "wav":
      return wavFacts(head, size);
    case "flac":
      return flacFacts(head);
    case "ogg":
      return oggFacts(head, head.length >= size ? head : tail);
    case "mp3":
      return mp3Facts(head, size);
    case "aac":
      return adtsFacts(head, size);
    case "m4a":
      // The movie header, when it comes first; the rate and channels are left to the decoder.
      return { ...UNKNOWN, seconds: mp4Duration(head) };
  }
}

/** The fmt chunk's rate and channels; the data chunk's length over the block size (PCM and float). */
function wavFacts(head: Uint8Array, size: number): HeaderFacts {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let facts: HeaderFacts = UNKNOWN;
  let blockAlign = 0;
  let pcm = false;
  for (let offset = 12; offset + 8 <= head.length;) {
    const length = view.getUint32(offset + 4, true);
    if (ascii(head, offset, "fmt ") && offset + 24 <= head.length) {
      const tag = view.getUint16(offset + 8, true);
      pcm = tag === 1 || tag === 3 || tag === 0xfffe;
      facts = { sampleRate: view.getUint32(offset + 12, true) || null, channels: view.getUint16(offset + 10, true) || null, seconds: null };
      blockAlign = view.getUint16(offset + 20, true);
    }
    if (ascii(head, offset, "data")) {
      const bytes = Math.min(length, Math.max(0, size - offset - 8));
      return pcm && facts.sampleRate && blockAlign ? { ...facts, seconds: bytes / blockAlign / facts.sampleRate } : facts;
    }
    offset += 8 + length + (length % 2);
  }
  return facts;
}

/** STREAMINFO (the first metadata block): rate, channels, total samples (0: unknown). */
function flacFacts(head: Uint8Array): HeaderFacts {
  if (head.length < 26 || !ascii(head, 0, "fLaC") || (head[4]! & 0x7f) !== 0) return UNKNOWN;
  return streamInfoFacts(head, 8);
}

/** A STREAMINFO block's body at `at`. */
function streamInfoFacts(bytes: Uint8Array, at: number): HeaderFacts {
  const rate = (bytes[at + 10]! << 12) | (bytes[at + 11]! << 4) | (bytes[at + 12]! >> 4);
  const channels = ((bytes[at + 12]! >> 1) & 7) + 1;
  const total =
    (bytes[at + 13]! & 0x0f) * 2 ** 32 +
    ((bytes[at + 14]! << 24) >>> 0) +
    (bytes[at + 15]! << 16) +
    (bytes[at + 16]! << 8) +
    bytes[at + 17]!;
  return { sampleRate: rate || null, channels, seconds: rate && total ? total / rate : null };
}

/** The first page's codec header (Vorbis, Opus: decoded at 48 kHz, FLAC) and the last page's granule position. */
function oggFacts(head: Uint8Array, tail: Uint8Array): HeaderFacts {
  if (head.length < 28 || !ascii(head, 0, "OggS")) return UNKNOWN;
  const body = head.subarray(27 + head[26]!);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let facts: HeaderFacts = UNKNOWN;
  if (body[0] === 1 && ascii(body, 1, "vorbis") && body.length >= 16)
    facts = { sampleRate: view.getUint32(12, true), channels: body[11]!, seconds: null };
  else if (ascii(body, 0, "OpusHead") && body.length >= 12) facts = { sampleRate: 48000, channels: body[9]!, seconds: null };
  else if (body[0] === 0x7f && ascii(body, 1, "FLAC") && body.length >= 30) facts = { ...streamInfoFacts(body, 17), seconds: null };
  if (!facts.sampleRate) return UNKNOWN;
  return { ...facts, seconds: oggDuration(head.subarray(0, 1 << 12), tail) };
}

/** Scales the seconds found in the head's frames to the whole file (exact when the head is the whole file). */
const scaled = (seconds: number, start: number, headLength: number, size: number) =>
  headLength >= size || headLength <= start ? seconds : (seconds * (size - start)) / (headLength - start);

/** The first frame's rate and channels; the length from a Xing/Info/VBRI frame count, else from the frames in the head. */
function mp3Facts(head: Uint8Array, size: number): HeaderFacts {
  const start = id3Length(head);
  let first = null;
  for (let at = start; at + 4 <= head.length && !first; at++) first = head[at] === 0xff ? parseFrameHeader(head, at) : null;
  if (!first) return UNKNOWN;
  const survey = surveyMp3(head);
  const channels = first.channelMode === 3 ? 1 : 2;
  const rate = survey.sampleRate || first.sampleRate;
  if (survey.tagFrames !== null && survey.tagFrameSamples)
    return { sampleRate: rate, channels, seconds: (survey.tagFrames * survey.tagFrameSamples) / rate };
  return { sampleRate: rate, channels, seconds: survey.samples ? scaled(survey.samples / rate, start, head.length, size) : null };
}

/** The first ADTS header's rate and channels; the length from the frames in the head. */
function adtsFacts(head: Uint8Array, size: number): HeaderFacts {
  const start = id3Length(head);
  for (let at = start; at + 7 <= head.length; at++) {
    if (head[at] !== 0xff || (head[at + 1]! & 0xf6) !== 0xf0) continue;
    const rateIndex = (head[at + 2]! >> 2) & 0x0f;
    if (rateIndex >= ADTS_RATES.length) continue;
    const channels = ((head[at + 2]! & 1) << 2) | (head[at + 3]! >> 6);
    const inHead = adtsDuration(head);
    return {
      sampleRate: ADTS_RATES[rateIndex]!,
      channels: channels || null,
      seconds: inHead === null ? null : scaled(inHead, start, head.length, size),
    };
  }
  return UNKNOWN;
}
