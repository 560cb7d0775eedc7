// How long an AAC (ADTS) or M4A file says it is, read from its headers before decoding. These two
// formats are decoded whole (see ./sources.ts), so their decoded size grows with their length: the
// pipeline refuses long ones up front instead of running out of memory.
import { readFileSync } from "node:fs";

/** Seconds declared by the file, or null when the headers cannot tell. */
export function declaredDurationSeconds(bytes: Uint8Array, format: "aac" | "m4a"): number | null {
  return format === "aac" ? adtsDuration(bytes) : mp4Duration(bytes);
}

export function declaredDurationOfFile(path: string, format: "aac" | "m4a"): number | null {
  return declaredDurationSeconds(readFileSync(path), format);
}

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
const SAMPLES_PER_ADTS_BLOCK = 1024;

/** ADTS: walks the frame headers (each frame holds 1 to 4 blocks of 1024 samples). */
function adtsDuration(bytes: Uint8Array): number | null {
  let offset = id3Length(bytes);
  let samples = 0;
  let rate = 0;
  while (offset + 7 <= bytes.length) {
    if (bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xf6) !== 0xf0) break;
    const rateIndex = (bytes[offset + 2]! >> 2) & 0x0f;
    const frameLength = ((bytes[offset + 3]! & 0x03) << 11) | (bytes[offset + 4]! << 3) | (bytes[offset + 5]! >> 5);
    const blocks = (bytes[offset + 6]! & 0x03) + 1;
    if (rateIndex >= ADTS_RATES.length || frameLength < 7) break;
    rate = ADTS_RATES[rateIndex]!;
    samples += blocks * SAMPLES_PER_ADTS_BLOCK;
    offset += frameLength;
  }
  return rate ? samples / rate : null;
}

function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  return 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
}

/** MP4: the movie header (moov/mvhd) holds the timescale and the duration. */
function mp4Duration(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const moov = findBox(view, 0, bytes.length, "moov");
  if (!moov) return null;
  const mvhd = findBox(view, moov.start, moov.end, "mvhd");
  if (!mvhd || mvhd.end - mvhd.start < 32) return null;
  const version = view.getUint8(mvhd.start);
  const timescale = view.getUint32(mvhd.start + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(view.getBigUint64(mvhd.start + 24)) : view.getUint32(mvhd.start + 16);
  return timescale ? duration / timescale : null;
}

/** The content range of the first box of `type` among the boxes in [start, end). */
function findBox(view: DataView, start: number, end: number, type: string): { start: number; end: number } | null {
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
    if (size < header || offset + size > end) return null;
    const name = String.fromCharCode(view.getUint8(offset + 4), view.getUint8(offset + 5), view.getUint8(offset + 6), view.getUint8(offset + 7));
    if (name === type) return { start: offset + header, end: offset + size };
    offset += size;
  }
  return null;
}
