// What the FLAC and Ogg decoders are given at a time. These formats can pack a lot of audio into a
// few bytes (a FLAC frame of silence holds up to 65,535 samples in ~15 bytes; an Ogg page of 255
// tiny Vorbis packets ~1 million), and a decoder turns everything it is given into samples in one
// call: 64 KiB of such a file would be gigabytes. So the file is cut where frames (FLAC) or pages
// (Ogg) begin, so that each piece holds at most FEED_SAMPLES samples by the headers' own count
// (block sizes; packets × the codec's largest packet). Memory per call stays bounded, and the
// pipeline can count what comes out and stop at its cap.

import { flacCrc8 } from "./flac-crc8";

/** Samples (frames × channels) one decode call may produce, about: 8 MB as 32-bit floats. */
export const FEED_SAMPLES = 1 << 21;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Longest FLAC frame header: sync and codes (4), UTF-8 number (up to 7), block size (2), rate (2), CRC-8 (1). */
const FLAC_HEADER_MAX = 16;

/**
 * The samples (block size × channels) of a FLAC frame whose header starts at `p`, or 0 when no
 * header starts there. Accepts what @audio/decode-flac's parser accepts as a frame start (sync, codes,
 * CRC-8), so every frame the decoder sees is counted; a false match only makes a piece smaller.
 */
export function flacFrameSamples(b: Uint8Array, p: number): number {
  if (p + 5 > b.length || b[p] !== 0xff || (b[p + 1]! & 0xfe) !== 0xf8) return 0;
  const blockCode = b[p + 2]! >> 4;
  const rateCode = b[p + 2]! & 0x0f;
  const channelCode = b[p + 3]! >> 4;
  if (!blockCode || rateCode === 15 || channelCode > 10 || b[p + 3]! & 1) return 0;
  const first = b[p + 4]!;
  const extra = first < 0x80 ? 0 : first < 0xe0 ? 1 : first < 0xf0 ? 2 : first < 0xf8 ? 3 : first < 0xfc ? 4 : first < 0xfe ? 5 : 6;
  const sizeAt = p + 5 + extra;
  const end = sizeAt + (blockCode === 6 ? 1 : blockCode === 7 ? 2 : 0) + (rateCode === 12 ? 1 : rateCode === 13 || rateCode === 14 ? 2 : 0);
  if (end >= b.length || flacCrc8(b, p, end) !== b[end]) return 0;
  const blockSize =
    blockCode === 1
      ? 192
      : blockCode <= 5
        ? 576 << (blockCode - 2)
        : blockCode === 6
          ? b[sizeAt]! + 1
          : blockCode === 7
            ? ((b[sizeAt]! << 8) | b[sizeAt + 1]!) + 1
            : 256 << (blockCode - 8);
  return blockSize * (channelCode < 8 ? channelCode + 1 : 2);
}

/**
 * A native FLAC stream in pieces of at most FEED_SAMPLES (plus one frame), each ending where a frame
 * header starts. Never inside a header: @audio/decode-flac's parser misses a header that is split
 * between two pieces and loses that frame (at 64 KiB reads of small frames, about one in two).
 */
export function* flacFeeds(blocks: Iterable<Uint8Array>, budget = FEED_SAMPLES): Generator<Uint8Array> {
  // Bytes not given yet; from `scanned` on they have not been searched for headers.
  let pending: Uint8Array = new Uint8Array(0);
  let scanned = 0;
  // Samples of the frames whose headers are in pending[0, scanned).
  let samples = 0;
  const pieces = function* (last: boolean): Generator<Uint8Array> {
    // Headers are looked for where a whole one fits; the last bytes wait for the next block.
    const limit = last ? pending.length : Math.max(scanned, pending.length - FLAC_HEADER_MAX);
    let start = 0;
    let lastHeader = -1;
    let lastFrame = 0;
    for (let i = scanned; i < limit; i++) {
      if (pending[i] !== 0xff) continue;
      const frame = flacFrameSamples(pending, i);
      if (!frame) continue;
      if (i > start && samples + frame > budget) {
        yield pending.slice(start, i);
        start = i;
        samples = 0;
      }
      samples += frame;
      lastHeader = i;
      lastFrame = frame;
    }
    if (last) {
      if (pending.length > start) yield pending.slice(start);
      pending = new Uint8Array(0);
      return;
    }
    // Everything before the last header found is whole frames: give it now, keep the rest.
    if (lastHeader > start) {
      yield pending.slice(start, lastHeader);
      start = lastHeader;
      samples = lastFrame;
    }
    pending = pending.slice(start);
    scanned = limit - start;
  };
  for (const block of blocks) {
    pending = concat(pending, block);
    yield* pieces(false);
  }
  yield* pieces(true);
}

/** The most samples one packet decodes to, by codec (per channel): Vorbis 8192/2, Opus 120 ms at 48 kHz, FLAC 65,535. */
function oggCodec(body: Uint8Array): { perPacket: number; channels: number } {
  const ascii = (start: number, text: string) => [...text].every((c, i) => body[start + i] === c.charCodeAt(0));
  if (body[0] === 1 && ascii(1, "vorbis") && body.length > 11) return { perPacket: 4096, channels: Math.max(1, body[11]!) };
  if (ascii(0, "OpusHead") && body.length > 9) return { perPacket: 5760, channels: Math.max(1, body[9]!) };
  // Ogg FLAC: 0x7F "FLAC", version, header count, "fLaC", the STREAMINFO block header, then STREAMINFO.
  if (body[0] === 0x7f && ascii(1, "FLAC") && body.length > 29) return { perPacket: 65535, channels: ((body[29]! >> 1) & 7) + 1 };
  return { perPacket: 65535, channels: 8 };
}

/** An Ogg stream in pieces of whole pages, at most FEED_SAMPLES each by their packet count (one page may be more). */
export function* oggFeeds(blocks: Iterable<Uint8Array>, budget = FEED_SAMPLES): Generator<Uint8Array> {
  let tail: Uint8Array = new Uint8Array(0);
  let samples = 0;
  // The largest packet of any stream seen so far (a file may chain or multiplex streams).
  let perPacketSamples = 0;
  for (const block of blocks) {
    const buf = concat(tail, block);
    let start = 0;
    let at = 0;
    while (at + 27 <= buf.length) {
      if (buf[at] !== 0x4f || buf[at + 1] !== 0x67 || buf[at + 2] !== 0x67 || buf[at + 3] !== 0x53) {
        at++; // not a page: decoders skip to the next capture pattern, so do we
        continue;
      }
      const segments = buf[at + 26]!;
      const bodyAt = at + 27 + segments;
      if (bodyAt > buf.length) break;
      let end = bodyAt;
      let packets = 0;
      for (let i = at + 27; i < bodyAt; i++) {
        end += buf[i]!;
        if (buf[i]! < 255) packets++;
      }
      if (end > buf.length) break;
      if (buf[at + 5]! & 2) {
        const codec = oggCodec(buf.subarray(bodyAt, end));
        perPacketSamples = Math.max(perPacketSamples, codec.perPacket * codec.channels);
      }
      const page = packets * (perPacketSamples || 65535 * 8);
      if (samples && samples + page > budget) {
        yield buf.slice(start, at);
        start = at;
        samples = 0;
      }
      samples += page;
      at = end;
    }
    if (at > start) yield buf.slice(start, at);
    tail = buf.slice(at);
  }
  if (tail.length) yield tail;
}
