// Gapless playback for the MP3s we encode. WASM LAME (wasm-media-encoders) writes bare frames, with
// no Xing/Info frame: players then play LAME's encoder delay and the end padding as silence, and a
// loop no longer loops seamlessly. We count the frames as they are encoded and put a LAME "Info"
// frame (CBR) in front of them, laid out as LAME's own VbrTag.c does
// (http://gabriel.mp3-tech.org/mp3infotag.html): a silent frame of the stream's bitrate and sample
// rate holding the Xing fields (frames, bytes, TOC, quality), then the LAME extension with the
// encoder delay and padding (12 bits each), the music length and CRC, and the tag's own CRC-16.

/** LAME's encoder delay (samples at the output rate); a decoder adds its own 529 (mpg123's GAPLESS_DELAY). */
export const LAME_ENCODER_DELAY = 576;
/** The decoder delay of the MP3 synthesis filter bank, added by decoders on top of the encoder delay. */
export const DECODER_DELAY = 529;
const LAME_VERSION = "LAME3.100";

const BITRATES_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface Mp3FrameHeader {
  /** MPEG-1 (true) or MPEG-2/2.5 (false). */
  mpeg1: boolean;
  bitrateKbps: number;
  sampleRate: number;
  padding: boolean;
  /** 0 stereo, 1 joint stereo, 2 dual channel, 3 mono. */
  channelMode: number;
  samplesPerFrame: number;
  /** Whole frame, header included. */
  length: number;
  /** Header (4) + side information: where a Xing/Info tag starts. */
  tagOffset: number;
}

/** Parses a Layer III frame header; null when the four bytes are not one. */
export function parseFrameHeader(b: ArrayLike<number>, at = 0): Mp3FrameHeader | null {
  const b0 = b[at]!;
  const b1 = b[at + 1]!;
  const b2 = b[at + 2]!;
  const b3 = b[at + 3]!;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const layer = (b1 >> 1) & 3; // 1 = Layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const bitrateKbps = (mpeg1 ? BITRATES_MPEG1 : BITRATES_MPEG2)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = ((b2 >> 1) & 1) === 1;
  const channelMode = b3 >> 6;
  const mono = channelMode === 3;
  const length = Math.floor(((mpeg1 ? 144000 : 72000) * bitrateKbps) / sampleRate) + (padding ? 1 : 0);
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const crc = (b1 & 1) === 0 ? 2 : 0;
  return {
    mpeg1,
    bitrateKbps,
    sampleRate,
    padding,
    channelMode,
    samplesPerFrame: mpeg1 ? 1152 : 576,
    length,
    tagOffset: 4 + crc + sideInfo,
  };
}

let CRC_TABLE: Uint16Array | null = null;

/** CRC-16 as LAME computes it (polynomial 0x8005, reflected, initial 0: CRC-16/ARC). */
export function crc16(bytes: Uint8Array, crc = 0): number {
  if (!CRC_TABLE) {
    CRC_TABLE = new Uint16Array(256);
    for (let i = 0; i < 256; i++) {
      let value = i;
      for (let bit = 0; bit < 8; bit++) value = value & 1 ? (value >>> 1) ^ 0xa001 : value >>> 1;
      CRC_TABLE[i] = value;
    }
  }
  const table = CRC_TABLE;
  for (let i = 0; i < bytes.length; i++) crc = (crc >>> 8) ^ table[(crc ^ bytes[i]!) & 0xff]!;
  return crc & 0xffff;
}

/**
 * Follows an encoder's output chunk by chunk (frame boundaries need not match chunk boundaries):
 * counts the frames, the bytes and their CRC-16, and keeps the first frame's header.
 */
export class Mp3FrameCounter {
  frames = 0;
  bytes = 0;
  crc = 0;
  first: Mp3FrameHeader | null = null;
  firstHeaderBytes: Uint8Array | null = null;
  private skip = 0;
  private readonly head: number[] = [];

  feed(chunk: Uint8Array): void {
    this.crc = crc16(chunk, this.crc);
    this.bytes += chunk.length;
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        continue;
      }
      this.head.push(chunk[i++]!);
      if (this.head.length < 4) continue;
      const header = parseFrameHeader(this.head);
      if (!header) throw new Error(`MP3 encoder output lost frame sync at byte ${this.bytes - chunk.length + i - 4}`);
      if (!this.first) {
        this.first = header;
        this.firstHeaderBytes = Uint8Array.from(this.head);
      }
      this.frames++;
      this.skip = header.length - 4;
      this.head.length = 0;
    }
  }

  /** True when the last frame fed was complete. */
  get complete(): boolean {
    return this.skip === 0 && this.head.length === 0;
  }
}

/** The Info frame's length for a stream whose first frame has this header (the padding bit cleared). */
export function infoFrameLength(firstHeaderBytes: Uint8Array): number {
  const header = Uint8Array.from(firstHeaderBytes);
  header[2]! &= ~0x02;
  return parseFrameHeader(header)!.length;
}

export interface InfoFrameOptions {
  /** The first audio frame's four header bytes: the Info frame copies them (CBR: same bitrate). */
  firstHeaderBytes: Uint8Array;
  /** Audio frames after the Info frame. */
  frames: number;
  /** Bytes of those audio frames, and their CRC-16. */
  musicBytes: number;
  musicCrc: number;
  /** Samples (per channel, at the MP3's rate) of the encoded audio. */
  sampleCount: number;
  /** Sample rate of the audio given to the encoder (LAME's "source frequency" bits). */
  sourceSampleRate: number;
  encoderDelay?: number;
}

/** Encoder padding: what the frames hold beyond the delay and the audio. */
export function lamePadding(frames: number, samplesPerFrame: number, sampleCount: number, encoderDelay = LAME_ENCODER_DELAY): number {
  return frames * samplesPerFrame - encoderDelay - sampleCount;
}

export function buildInfoFrame(options: InfoFrameOptions): Uint8Array {
  const header = Uint8Array.from(options.firstHeaderBytes);
  header[1]! |= 0x01; // no CRC protection: the tag sits right after the side information
  header[2]! &= ~0x02; // no padding
  const parsed = parseFrameHeader(header);
  if (!parsed) throw new Error("Not an MPEG Layer III frame header");
  const delay = options.encoderDelay ?? LAME_ENCODER_DELAY;
  const padding = lamePadding(options.frames, parsed.samplesPerFrame, options.sampleCount, delay);
  if (delay < 0 || delay > 4095 || padding < 0 || padding > 4095) {
    throw new Error(`Encoder delay ${delay} / padding ${padding} do not fit the LAME tag`);
  }
  const frame = new Uint8Array(parsed.length); // zero side information: a frame of silence
  const view = new DataView(frame.buffer);
  frame.set(header, 0);
  let at = parsed.tagOffset;
  const ascii = (text: string) => {
    for (let i = 0; i < text.length; i++) frame[at++] = text.charCodeAt(i);
  };
  const totalBytes = parsed.length + options.musicBytes;

  ascii("Info"); // CBR; "Xing" would mean VBR
  view.setUint32(at, 0x0f); // frames, bytes, TOC and quality present
  view.setUint32(at + 4, options.frames);
  view.setUint32(at + 8, totalBytes);
  at += 12;
  for (let i = 0; i < 100; i++) frame[at + i] = Math.min(255, Math.floor((i * 256) / 100)); // CBR: linear
  at += 100;
  view.setUint32(at, 0); // quality indicator: not known for the WASM build
  at += 4;

  ascii(LAME_VERSION);
  frame[at++] = 0x01; // tag revision 0, VBR method 1 (constant bitrate)
  frame[at++] = 0; // lowpass: not reported by the WASM build
  at += 4; // peak amplitude: not computed
  at += 2; // radio replay gain
  at += 2; // audiophile replay gain
  frame[at++] = 0; // encoding flags and ATH type
  frame[at++] = Math.min(255, parsed.bitrateKbps);
  frame[at++] = delay >> 4;
  frame[at++] = ((delay & 0x0f) << 4) | (padding >> 8);
  frame[at++] = padding & 0xff;
  const stereoMode = [1, 3, 2, 0][parsed.channelMode]!; // LAME tag: 0 mono, 1 stereo, 2 dual, 3 joint
  const rate = options.sourceSampleRate;
  const sourceFrequency = rate <= 32000 ? 0 : rate === 48000 ? 2 : rate > 48000 ? 3 : 1;
  frame[at++] = (stereoMode << 2) | (sourceFrequency << 6);
  frame[at++] = 0; // MP3 gain
  at += 2; // surround info and preset
  view.setUint32(at, totalBytes); // music length: the stream with this frame
  at += 4;
  view.setUint16(at, options.musicCrc);
  at += 2;
  view.setUint16(at, crc16(frame.subarray(0, at)));
  return frame;
}

export interface LameInfo {
  tag: "Info" | "Xing";
  frameLength: number;
  frames: number;
  bytes: number;
  encoder: string;
  vbrMethod: number;
  bitrateKbps: number;
  encoderDelay: number;
  padding: number;
  musicLength: number;
  musicCrc: number;
  tagCrc: number;
  /** The stored tag CRC matches the frame's bytes. */
  tagCrcValid: boolean;
}

/** Reads the Xing/Info frame and LAME extension at the start of an MP3 (after any ID3v2 tag). */
export function readLameInfo(bytes: Uint8Array): LameInfo | null {
  let start = 0;
  if (bytes.length >= 10 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    start = 10 + ((bytes[6]! & 0x7f) << 21) + ((bytes[7]! & 0x7f) << 14) + ((bytes[8]! & 0x7f) << 7) + (bytes[9]! & 0x7f);
  }
  const header = bytes.length >= start + 4 ? parseFrameHeader(bytes, start) : null;
  if (!header || bytes.length < start + header.length) return null;
  const frame = bytes.subarray(start, start + header.length);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  let at = header.tagOffset;
  const tag = String.fromCharCode(...frame.subarray(at, at + 4));
  if (tag !== "Info" && tag !== "Xing") return null;
  const flags = view.getUint32(at + 4);
  if ((flags & 0x0f) !== 0x0f) return null;
  const frames = view.getUint32(at + 8);
  const total = view.getUint32(at + 12);
  at += 120;
  if (at + 36 > frame.length) return null;
  const encoder = String.fromCharCode(...frame.subarray(at, at + 9));
  const vbrMethod = frame[at + 9]! & 0x0f;
  const bitrateKbps = frame[at + 20]!;
  const delayPadding = (frame[at + 21]! << 16) | (frame[at + 22]! << 8) | frame[at + 23]!;
  const musicLength = view.getUint32(at + 28);
  const musicCrc = view.getUint16(at + 32);
  const tagCrc = view.getUint16(at + 34);
  return {
    tag,
    frameLength: header.length,
    frames,
    bytes: total,
    encoder,
    vbrMethod,
    bitrateKbps,
    encoderDelay: delayPadding >> 12,
    padding: delayPadding & 0xfff,
    musicLength,
    musicCrc,
    tagCrc,
    tagCrcValid: crc16(frame.subarray(0, at + 34)) === tagCrc,
  };
}
