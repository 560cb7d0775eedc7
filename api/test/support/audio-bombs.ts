// "Audio that explodes", made in the tests (no binary fixtures): a few MB that hold hours of
// silence. FLAC frames of CONSTANT subframes (a whole block of zeros in 3 bytes per channel), Ogg
// pages of 255 one-byte Vorbis packets (what libvorbis writes for digital silence, ~1,024 samples
// each), Ogg FLAC pages of 255 frames, and silent AAC frames (no spectral data) in ADTS or in an M4A.
import { createOggEncoder } from "wasm-media-encoders";
import { flacCrc8 } from "../../src/audio/flac-crc8";

let CRC16_TABLE: Uint16Array | null = null;
function crc16(bytes: Uint8Array, from: number, to: number): number {
  if (!CRC16_TABLE) {
    CRC16_TABLE = new Uint16Array(256);
    for (let i = 0; i < 256; i++) {
      let crc = i << 8;
      for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
      CRC16_TABLE[i] = crc;
    }
  }
  let crc = 0;
  for (let i = from; i < to; i++) crc = ((crc << 8) & 0xffff) ^ CRC16_TABLE[(crc >> 8) ^ bytes[i]!]!;
  return crc;
}

/** FLAC's "UTF-8" coding of a frame number (up to 31 bits). */
function utf8Number(value: number): number[] {
  if (value < 0x80) return [value];
  const length = value < 0x800 ? 2 : value < 0x10000 ? 3 : value < 0x200000 ? 4 : value < 0x4000000 ? 5 : 6;
  const out: number[] = [];
  for (let i = length - 1; i > 0; i--) out.unshift(0x80 | ((value >>> ((length - 1 - i) * 6)) & 0x3f));
  const lead = (0xff00 >> length) & 0xff;
  return [lead | (value >>> ((length - 1) * 6)), ...out];
}

export interface SilentFlacOptions {
  seconds: number;
  sampleRate?: keyof typeof FLAC_RATE_CODES;
  channels?: number;
  /** Samples per frame (4096 as encoders write; up to 65,535). */
  blockSize?: number;
}

/** The frame header's codes of the rates the tests use (FLAC format: sample rate bits). */
const FLAC_RATE_CODES = { 44100: 9, 48000: 10, 88200: 1, 96000: 11, 176400: 2, 192000: 3 } as const;

/** One frame of digital silence: header, a CONSTANT subframe (0) per channel, CRC-16. */
function silentFrame(index: number, size: number, sampleRate: number, channels: number): Uint8Array {
  const sizeCode = size === 4096 ? 12 : 7;
  const rateCode = FLAC_RATE_CODES[sampleRate as keyof typeof FLAC_RATE_CODES];
  const header = [0xff, 0xf8, (sizeCode << 4) | rateCode, ((channels - 1) << 4) | (4 << 1), ...utf8Number(index)];
  if (sizeCode === 7) header.push((size - 1) >> 8, (size - 1) & 0xff);
  const frame = new Uint8Array(header.length + 1 + channels * 3 + 2);
  frame.set(header);
  frame[header.length] = flacCrc8(frame, 0, header.length);
  // Each subframe: 0x00 (CONSTANT, no wasted bits), then the 16-bit value 0; byte-aligned already.
  const end = frame.length - 2;
  const crc = crc16(frame, 0, end);
  frame[end] = crc >> 8;
  frame[end + 1] = crc & 0xff;
  return frame;
}

function* silentFrames(options: SilentFlacOptions): Generator<Uint8Array> {
  const { seconds, sampleRate = 44100, channels = 2, blockSize = 4096 } = options;
  const total = Math.round(seconds * sampleRate);
  for (let start = 0, index = 0; start < total; start += blockSize, index++) {
    yield silentFrame(index, Math.min(blockSize, total - start), sampleRate, channels);
  }
}

function streamInfo(options: SilentFlacOptions, totalSamples: number): Uint8Array {
  const { sampleRate = 44100, channels = 2, blockSize = 4096 } = options;
  const info = Buffer.alloc(34);
  info.writeUInt16BE(Math.min(blockSize, 65535), 0);
  info.writeUInt16BE(Math.min(blockSize, 65535), 2);
  // sample rate (20 bits), channels - 1 (3), bits per sample - 1 (5), total samples (36 bits)
  const packed = (BigInt(sampleRate) << 44n) | (BigInt(channels - 1) << 41n) | (15n << 36n) | BigInt(totalSamples);
  info.writeBigUInt64BE(packed, 10);
  return info;
}

/**
 * A FLAC file of `seconds` of silence. Its STREAMINFO says how long it is (`declaredSeconds`,
 * default the truth); 0 means "unknown", as a streaming encoder writes.
 */
export function silentFlac(options: SilentFlacOptions & { declaredSeconds?: number }): Buffer {
  const declared = Math.round((options.declaredSeconds ?? options.seconds) * (options.sampleRate ?? 44100));
  const parts: Uint8Array[] = [Buffer.from("fLaC"), Buffer.from([0x80, 0, 0, 34]), streamInfo(options, declared), ...silentFrames(options)];
  return Buffer.concat(parts);
}

let OGG_CRC: Uint32Array | null = null;
function oggCrc(bytes: Uint8Array): number {
  if (!OGG_CRC) {
    OGG_CRC = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let crc = i << 24;
      for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
      OGG_CRC[i] = crc >>> 0;
    }
  }
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

/** One Ogg page of whole packets (each under 255 × 255 bytes in all). */
export function oggPage(packets: Uint8Array[], options: { serial: number; sequence: number; granule: bigint; flags: number }): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  if (lacing.length > 255) throw new Error("too many segments for one page");
  const page = Buffer.concat([Buffer.alloc(27 + lacing.length), ...packets]);
  page.write("OggS", 0, "latin1");
  page[5] = options.flags;
  page.writeBigInt64LE(options.granule, 6);
  page.writeUInt32LE(options.serial, 14);
  page.writeUInt32LE(options.sequence, 18);
  page[26] = lacing.length;
  page.set(lacing, 27);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** The pages of an Ogg stream, as [header type, granule, packets]. */
function oggPackets(ogg: Buffer): { flags: number; packets: Buffer[] }[] {
  const pages: { flags: number; packets: Buffer[] }[] = [];
  let pending: Buffer[] = [];
  for (let at = 0; at < ogg.length;) {
    const segments = ogg[at + 26]!;
    let body = at + 27 + segments;
    const packets: Buffer[] = [];
    for (let i = 0; i < segments; i++) {
      const size = ogg[at + 27 + i]!;
      pending.push(ogg.subarray(body, body + size));
      body += size;
      if (size < 255) {
        packets.push(Buffer.concat(pending));
        pending = [];
      }
    }
    pages.push({ flags: ogg[at + 5]!, packets });
    at = body;
  }
  return pages;
}

/**
 * An Ogg Vorbis file of about `seconds` of stereo 44.1 kHz silence: the header pages libvorbis
 * writes, then pages of 255 copies of its one-byte silent packet. The last page's granule position
 * says how long it is (`declaredSeconds`, default the truth).
 */
export async function silentVorbis(options: { seconds: number; declaredSeconds?: number }): Promise<Buffer> {
  const encoder = await createOggEncoder();
  encoder.configure({ channels: 2, sampleRate: 44100, vbrQuality: 3 });
  const silence = new Float32Array(44100 * 5);
  const sample = Buffer.concat([Buffer.from(encoder.encode([silence, silence])), Buffer.from(encoder.finalize())]);
  const pages = oggPackets(sample);
  const headers = pages.flatMap((page) => page.packets).slice(0, 3);
  const audio = pages.flatMap((page) => page.packets).slice(3);
  const silent = audio[Math.floor(audio.length / 2)]!;
  if (silent.length !== 1) throw new Error(`libvorbis wrote a ${silent.length}-byte silent packet`);
  const serial = 0x5eed;
  let sequence = 0;
  const out: Buffer[] = [
    oggPage([headers[0]!], { serial, sequence: sequence++, granule: 0n, flags: 2 }),
    oggPage([headers[1]!], { serial, sequence: sequence++, granule: 0n, flags: 0 }),
    oggPage([headers[2]!], { serial, sequence: sequence++, granule: 0n, flags: 0 }),
  ];
  // Long blocks of 2048: each packet after the first adds 1,024 samples.
  const packets = Math.ceil((options.seconds * 44100) / 1024) + 1;
  const declared = BigInt(Math.round((options.declaredSeconds ?? options.seconds) * 44100));
  for (let done = 0; done < packets;) {
    const count = Math.min(255, packets - done);
    done += count;
    const last = done === packets;
    out.push(
      oggPage(Array(count).fill(silent), {
        serial,
        sequence: sequence++,
        granule: last ? declared : BigInt((done - 1) * 1024),
        flags: last ? 4 : 0,
      }),
    );
  }
  return Buffer.concat(out);
}

/**
 * Ogg FLAC whose every page holds 255 frames of `blockSize` samples on `channels` channels: one
 * page decodes in one go (a decoder takes whole pages), 255 × 65,535 × 8 samples ≈ 535 MB as floats.
 */
export function oggFlacPages(options: { pages: number; blockSize?: number; channels?: number }): Buffer {
  const { pages, blockSize = 65535, channels = 8 } = options;
  const sampleRate = 44100;
  const framesPerPage = 255;
  const total = pages * framesPerPage * blockSize;
  const flacOptions = { seconds: total / sampleRate, sampleRate, channels, blockSize } as const;
  const serial = 0xf1ac;
  // Mapping header: 0x7F "FLAC", version 1.0, 1 header packet follows, "fLaC", STREAMINFO (not last).
  const first = Buffer.concat([
    Buffer.from([0x7f]),
    Buffer.from("FLAC"),
    Buffer.from([1, 0, 0, 1]),
    Buffer.from("fLaC"),
    Buffer.from([0x00, 0, 0, 34]),
    streamInfo(flacOptions, total),
  ]);
  // A last, empty VORBIS_COMMENT block (vendor length 0, no comments).
  const comment = Buffer.from([0x84, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0]);
  const out = [
    oggPage([first], { serial, sequence: 0, granule: 0n, flags: 2 }),
    oggPage([comment], { serial, sequence: 1, granule: 0n, flags: 0 }),
  ];
  const frames = silentFrames(flacOptions);
  for (let page = 0; page < pages; page++) {
    const packets = Array.from({ length: framesPerPage }, () => frames.next().value as Uint8Array);
    const last = page === pages - 1;
    out.push(
      oggPage(packets, { serial, sequence: page + 2, granule: BigInt((page + 1) * framesPerPage * blockSize), flags: last ? 4 : 0 }),
    );
  }
  return Buffer.concat(out);
}

/** A raw AAC-LC frame of silence: one element per channel with no scale factor bands, then END. */
function silentAacFrame(channels: 1 | 2): Uint8Array {
  const fields: [number, number][] = [];
  // individual_channel_stream: global_gain, ics_info (long window, max_sfb 0, no prediction), no pulse/TNS/gain control
  const ics: [number, number][] = [
    [100, 8],
    [0, 1],
    [0, 2],
    [0, 1],
    [0, 6],
    [0, 1],
    [0, 1],
    [0, 1],
    [0, 1],
  ];
  if (channels === 1) fields.push([0, 3], [0, 4], ...ics);
  else fields.push([1, 3], [0, 4], [0, 1], ...ics, ...ics); // CPE without common window
  fields.push([7, 3]); // END
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const [value, width] of fields) {
    for (let i = width - 1; i >= 0; i--) {
      acc = (acc << 1) | ((value >> i) & 1);
      if (++bits === 8) {
        out.push(acc);
        acc = 0;
        bits = 0;
      }
    }
  }
  if (bits) out.push(acc << (8 - bits));
  return Uint8Array.from(out);
}

/** ADTS (raw AAC) of `seconds` of 44.1 kHz silence. */
export function silentAdts(seconds: number, channels: 1 | 2 = 2): Buffer {
  const payload = silentAacFrame(channels);
  const length = 7 + payload.length;
  const frames = Math.ceil((seconds * 44100) / 1024);
  const out = Buffer.alloc(frames * length);
  for (let i = 0; i < frames; i++) {
    const o = i * length;
    out.set(
      [0xff, 0xf1, (1 << 6) | (4 << 2), (channels << 6) | ((length >> 11) & 3), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc],
      o,
    );
    out.set(payload, o + 7);
  }
  return out;
}

function box(type: string, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
}

const u32 = (...values: number[]) => {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => out.writeUInt32BE(value >>> 0, i * 4));
  return out;
};

/**
 * An M4A (AAC-LC, 44.1 kHz) of `seconds` of silence whose movie and media headers declare
 * `declaredSeconds` (0: not said). Decodable by @audio/decode's MP4 demuxer.
 */
export function silentM4a(options: { seconds: number; declaredSeconds: number; channels?: 1 | 2 }): Buffer {
  const { channels = 2 } = options;
  const payload = silentAacFrame(channels);
  const frames = Math.ceil((options.seconds * 44100) / 1024);
  const declared = Math.round(options.declaredSeconds * 44100);
  const ftyp = box("ftyp", Buffer.from("M4A "), u32(0), Buffer.from("M4A isom"));
  const mvhd = box("mvhd", u32(0, 0, 0, 44100, declared), Buffer.alloc(80));
  const tkhd = box("tkhd", u32(7, 0, 0, 1, 0, declared), Buffer.alloc(60));
  const mdhd = box("mdhd", u32(0, 0, 0, 44100, declared), Buffer.from([0x55, 0xc4, 0, 0]));
  const hdlr = box("hdlr", u32(0, 0), Buffer.from("soun"), Buffer.alloc(13));
  const asc = Buffer.from([0x12, 0x00 | (channels << 3)]); // AAC LC, 44.1 kHz, channels
  const decoderConfig = Buffer.concat([
    Buffer.from([0x04, 13 + 2 + asc.length, 0x40, 0x15, 0, 0, 0]),
    u32(128000, 128000),
    Buffer.from([0x05, asc.length]),
    asc,
  ]);
  const esDescriptor = Buffer.concat([
    Buffer.from([0x03, 3 + decoderConfig.length + 3, 0, 1, 0]),
    decoderConfig,
    Buffer.from([0x06, 1, 2]),
  ]);
  const esds = box("esds", u32(0), esDescriptor);
  const mp4a = box(
    "mp4a",
    Buffer.alloc(6),
    Buffer.from([0, 1]),
    Buffer.alloc(8),
    Buffer.from([0, channels, 0, 16, 0, 0, 0, 0]),
    u32(44100 * 65536),
    esds,
  );
  const stsd = box("stsd", u32(0, 1), mp4a);
  const stts = box("stts", u32(0, 1, frames, 1024));
  const stsc = box("stsc", u32(0, 1, 1, frames, 1));
  const stsz = box("stsz", u32(0, payload.length, frames));
  const build = (mdatAt: number) => {
    const stco = box("stco", u32(0, 1, mdatAt));
    const stbl = box("stbl", stsd, stts, stsc, stsz, stco);
    const minf = box("minf", box("smhd", u32(0, 0)), stbl);
    return box("moov", mvhd, box("trak", tkhd, box("mdia", mdhd, hdlr, minf)));
  };
  const moovLength = build(0).length;
  const moov = build(ftyp.length + moovLength + 8);
  const mdat = Buffer.alloc(8 + frames * payload.length);
  mdat.writeUInt32BE(mdat.length);
  mdat.write("mdat", 4, "latin1");
  for (let i = 0; i < frames; i++) mdat.set(payload, 8 + i * payload.length);
  return Buffer.concat([ftyp, moov, mdat]);
}
