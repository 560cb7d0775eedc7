// How long a file says it is, read from its headers before decoding: the pipeline refuses a file
// that declares more than its cap at once, without decoding or writing anything. Declarations can
// lie, so the decoded audio is counted too (./pipeline.ts); for AAC and M4A, which are decoded whole
// (see ./sources.ts), a missing declaration is itself a refusal, and the worker's memory is bounded.
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { parseFrameHeader } from "./lame-tag";
import type { AudioFormat } from "./sniff";

/** `length` bytes from `position` (fewer at the end). */
type Reader = (position: number, length: number) => Uint8Array;

/** Seconds declared by the file's bytes, or null when the headers do not tell. */
export function declaredDurationSeconds(bytes: Uint8Array, format: AudioFormat): number | null {
  return declared((position, length) => bytes.subarray(position, position + length), bytes.length, format);
}

/** The same, reading only what the headers need (AAC, M4A and MP3: the whole file, at most 50 MB). */
export function declaredDurationOfFile(path: string, format: AudioFormat): number | null {
  return probeFile(path, format).declared;
}

export interface Probe {
  /** Seconds declared by the headers (see declaredDurationSeconds), or null. */
  declared: number | null;
  /** MP3 only: what its frames say (read in the same pass). */
  mp3: Mp3Survey | null;
}

/** The declared length and, for an MP3, its frame survey (one read of the file). */
export function probeFile(path: string, format: AudioFormat): Probe {
  if (format === "mp3") {
    const bytes = readFileSync(path);
    const mp3 = surveyMp3(bytes);
    return { declared: mp3Duration(bytes, mp3), mp3 };
  }
  return { declared: declaredOfFile(path, format), mp3: null };
}

function declaredOfFile(path: string, format: Exclude<AudioFormat, "mp3">): number | null {
  if (format === "aac" || format === "m4a") return declaredDurationSeconds(readFileSync(path), format);
  const fd = openSync(path, "r");
  try {
    const read: Reader = (position, length) => {
      const out = new Uint8Array(length);
      return out.subarray(0, readSync(fd, out, 0, length, position));
    };
    return declared(read, fstatSync(fd).size, format);
  } finally {
    closeSync(fd);
  }
}

function declared(read: Reader, size: number, format: AudioFormat): number | null {
  switch (format) {
    case "aac":
      return adtsDuration(read(0, size));
    case "m4a":
      return mp4Duration(read(0, size));
    case "wav":
      return wavDuration(read, size);
    case "flac":
      return flacDuration(read(0, 42));
    case "mp3":
      return mp3Duration(read(0, size));
    case "ogg":
      return oggDuration(read(0, 1 << 12), read(Math.max(0, size - OGG_TAIL), OGG_TAIL));
  }
}

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((c, i) => bytes[start + i] === c.charCodeAt(0));

/** WAV (PCM and float): the data chunk's length over the block size. Compressed WAVs: null. */
function wavDuration(read: Reader, size: number): number | null {
  let offset = 12;
  let rate = 0;
  let blockAlign = 0;
  while (offset + 8 <= size) {
    const head = read(offset, 8);
    const length = new DataView(head.buffer, head.byteOffset).getUint32(4, true);
    if (ascii(head, 0, "fmt ")) {
      const fmt = read(offset + 8, 16);
      if (fmt.length < 16) return null;
      const view = new DataView(fmt.buffer, fmt.byteOffset);
      const tag = view.getUint16(0, true);
      if (tag !== 1 && tag !== 3 && tag !== 0xfffe) return null;
      rate = view.getUint32(4, true);
      blockAlign = view.getUint16(12, true);
    }
    // A data chunk longer than the file (a placeholder size) is not a length: the WAV check refuses it as truncated.
    if (ascii(head, 0, "data")) return rate && blockAlign && offset + 8 + length <= size ? length / blockAlign / rate : null;
    offset += 8 + length + (length % 2);
  }
  return null;
}

/** FLAC: STREAMINFO's total samples (0 = unknown) over its sample rate. */
function flacDuration(head: Uint8Array): number | null {
  if (head.length < 26 || !ascii(head, 0, "fLaC") || (head[4]! & 0x7f) !== 0) return null;
  const rate = (head[18]! << 12) | (head[19]! << 4) | (head[20]! >> 4);
  const total = (head[21]! & 0x0f) * 2 ** 32 + ((head[22]! << 24) >>> 0) + (head[23]! << 16) + (head[24]! << 8) + head[25]!;
  return rate && total ? total / rate : null;
}

/** What walking an MP3's frame headers tells (./pipeline.ts decides on it whether the upload is delivered as it is). */
export interface Mp3Survey {
  /** MPEG Layer III audio frames (a leading Xing/Info/VBRI frame is not audio). */
  frames: number;
  /** Samples per channel those frames hold. */
  samples: number;
  /** The first frame's sample rate (0: no frame). */
  sampleRate: number;
  /** Frames of another sample rate than the first one's were found. */
  mixedRates: boolean;
  /** The audio frames' mean bitrate in kbps, from their headers (CBR: the bitrate; VBR: the average); 0 without frames. */
  meanKbps: number;
  /** Frames the first frame's Xing/Info or VBRI header claims, or null when it claims none. */
  tagFrames: number | null;
  /** Samples per frame of the first frame when it is such a header frame (it decodes to nothing), else 0. */
  tagFrameSamples: number;
}

/** Walks the frames (skipping bytes that are not a frame, as the decoder does) and reads the Xing/Info or VBRI header. */
export function surveyMp3(bytes: Uint8Array): Mp3Survey {
  const start = id3Length(bytes);
  const first = bytes.length >= start + 4 ? parseFrameHeader(bytes, start) : null;
  let tagFrames: number | null = null;
  let tagFrame = false;
  if (first) {
    const frame = bytes.subarray(start, start + first.length);
    const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
    const at = first.tagOffset;
    if (ascii(frame, at, "Xing") || ascii(frame, at, "Info")) {
      tagFrame = true;
      if (frame.length >= at + 12 && view.getUint32(at + 4) & 1) tagFrames = view.getUint32(at + 8);
    } else if (ascii(frame, 36, "VBRI")) {
      tagFrame = true;
      if (frame.length >= 54) tagFrames = view.getUint32(50);
    }
  }
  let frames = 0;
  let samples = 0;
  let rate = 0;
  let mixedRates = false;
  let kbps = 0;
  let offset = start;
  if (first && tagFrame) offset += first.length;
  for (; offset + 4 <= bytes.length;) {
    const header = bytes[offset] === 0xff ? parseFrameHeader(bytes, offset) : null;
    if (!header) {
      offset++;
      continue;
    }
    rate ||= header.sampleRate;
    if (header.sampleRate !== rate) mixedRates = true;
    frames++;
    samples += header.samplesPerFrame;
    kbps += header.bitrateKbps;
    offset += header.length;
  }
  return {
    frames,
    samples,
    sampleRate: rate || (first?.sampleRate ?? 0),
    mixedRates,
    meanKbps: frames ? kbps / frames : 0,
    tagFrames,
    tagFrameSamples: first && tagFrame ? first.samplesPerFrame : 0,
  };
}

/**
 * MP3: its frames, counted by walking their headers (skipping bytes that are not a frame, as the
 * decoder does), or the frame count of a Xing/Info or VBRI header in the first frame if that says more.
 */
function mp3Duration(bytes: Uint8Array, survey = surveyMp3(bytes)): number | null {
  const samples = Math.max(survey.samples + survey.tagFrameSamples, (survey.tagFrames ?? 0) * survey.tagFrameSamples);
  return survey.sampleRate && samples ? samples / survey.sampleRate : null;
}

/** Bytes at the end of an Ogg file searched for its last page (pages are at most ~64 KiB). */
const OGG_TAIL = 1 << 17;

/**
 * Ogg: the granule position of the last page of the first stream (its length in samples; Opus at
 * 48 kHz after the pre-skip), over the codec's sample rate from the first page.
 */
export function oggDuration(head: Uint8Array, tail: Uint8Array): number | null {
  if (head.length < 28 || !ascii(head, 0, "OggS")) return null;
  const serial = new DataView(head.buffer, head.byteOffset).getUint32(14, true);
  const body = head.subarray(27 + head[26]!);
  let rate = 0;
  let preSkip = 0;
  if (body[0] === 1 && ascii(body, 1, "vorbis") && body.length >= 16) rate = new DataView(body.buffer, body.byteOffset).getUint32(12, true);
  else if (ascii(body, 0, "OpusHead") && body.length >= 12) {
    rate = 48000;
    preSkip = body[10]! | (body[11]! << 8);
  } else if (body[0] === 0x7f && ascii(body, 1, "FLAC") && body.length >= 30)
    rate = (body[27]! << 12) | (body[28]! << 4) | (body[29]! >> 4);
  if (!rate) return null;
  // The last complete page of the same stream in the tail.
  for (let at = tail.length - 27; at >= 0; at--) {
    if (!ascii(tail, at, "OggS")) continue;
    const view = new DataView(tail.buffer, tail.byteOffset + at);
    const segments = tail[at + 26]!;
    let end = at + 27 + segments;
    if (end > tail.length) continue;
    for (let i = at + 27; i < at + 27 + segments; i++) end += tail[i]!;
    if (end > tail.length || view.getUint32(14, true) !== serial) continue;
    const low = view.getUint32(6, true);
    const high = view.getUint32(10, true);
    if (high === 0xffffffff && low === 0xffffffff) continue; // no packet ends on this page
    if (high >= 0x200000) return null; // beyond 2^53 (or negative): not a length
    return Math.max(0, high * 2 ** 32 + low - preSkip) / rate;
  }
  return null;
}

export const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
const SAMPLES_PER_ADTS_BLOCK = 1024;

/**
 * ADTS: walks the frame headers (each frame holds 1 to 4 blocks of 1024 samples), skipping bytes
 * that are not a frame as the decoder does, so that frames after junk are counted too.
 */
export function adtsDuration(bytes: Uint8Array): number | null {
  let offset = id3Length(bytes);
  let seconds = 0;
  let frames = 0;
  while (offset + 7 <= bytes.length) {
    const rateIndex = (bytes[offset + 2]! >> 2) & 0x0f;
    const frameLength = ((bytes[offset + 3]! & 0x03) << 11) | (bytes[offset + 4]! << 3) | (bytes[offset + 5]! >> 5);
    if (bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xf6) !== 0xf0 || rateIndex >= ADTS_RATES.length || frameLength < 7) {
      offset++;
      continue;
    }
    const blocks = (bytes[offset + 6]! & 0x03) + 1;
    seconds += (blocks * SAMPLES_PER_ADTS_BLOCK) / ADTS_RATES[rateIndex]!;
    frames++;
    offset += frameLength;
  }
  return frames ? seconds : null;
}

export function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  return 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
}

/**
 * MP4: the movie header (moov/mvhd) gives the length; a missing, zero or "unknown" (all ones) one
 * is null. Each track's media header (mdhd) and each sound track's sample count (at least 1024
 * samples per AAC frame) can only make it longer: a movie header that understates is not believed.
 */
export function mp4Duration(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const moov = findBox(view, 0, bytes.length, "moov");
  if (!moov) return null;
  const movie = headerDuration(view, findBox(view, moov.start, moov.end, "mvhd"));
  if (!movie) return null;
  let seconds = movie.seconds;
  for (const trak of findBoxes(view, moov.start, moov.end, "trak")) {
    const mdia = findBox(view, trak.start, trak.end, "mdia");
    if (!mdia) continue;
    const media = headerDuration(view, findBox(view, mdia.start, mdia.end, "mdhd"));
    if (!media) continue;
    seconds = Math.max(seconds, media.seconds);
    const hdlr = findBox(view, mdia.start, mdia.end, "hdlr");
    const stbl = boxPath(view, mdia, ["minf", "stbl"]);
    const stsz = stbl && findBox(view, stbl.start, stbl.end, "stsz");
    if (hdlr && hdlr.end - hdlr.start >= 12 && ascii(bytes, hdlr.start + 8, "soun") && stsz && stsz.end - stsz.start >= 12) {
      seconds = Math.max(seconds, (view.getUint32(stsz.start + 8) * SAMPLES_PER_ADTS_BLOCK) / media.timescale);
    }
  }
  return seconds;
}

/** mvhd/mdhd: timescale and duration (versions 0 and 1); null when absent, zero or unknown. */
function headerDuration(view: DataView, box: Box | null): { seconds: number; timescale: number } | null {
  if (!box || box.end - box.start < 20) return null;
  const version = view.getUint8(box.start);
  if (version === 1 && box.end - box.start < 32) return null;
  const timescale = view.getUint32(box.start + (version === 1 ? 20 : 12));
  const high = version === 1 ? view.getUint32(box.start + 24) : 0;
  const low = view.getUint32(box.start + (version === 1 ? 28 : 16));
  if (!timescale || !(high || low) || low === 0xffffffff) return null;
  return { seconds: (high * 2 ** 32 + low) / timescale, timescale };
}

interface Box {
  start: number;
  end: number;
}

function boxPath(view: DataView, parent: Box, path: string[]): Box | null {
  let box: Box | null = parent;
  for (const type of path) box = box && findBox(view, box.start, box.end, type);
  return box;
}

/** The content range of the first box of `type` among the boxes in [start, end). */
function findBox(view: DataView, start: number, end: number, type: string): Box | null {
  return findBoxes(view, start, end, type).next().value ?? null;
}

function* findBoxes(view: DataView, start: number, end: number, type: string): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1 && offset + 16 <= end) {
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return;
    const name = String.fromCharCode(
      view.getUint8(offset + 4),
      view.getUint8(offset + 5),
      view.getUint8(offset + 6),
      view.getUint8(offset + 7),
    );
    if (name === type) yield { start: offset + header, end: offset + size };
    offset += size;
  }
}
