// Every container's declared length is read before decoding: a file that declares more than its cap
// is refused at once. AAC and M4A are decoded whole: long ones are refused with a reason before any
// decoding (the worker's memory stays bounded), and so are those that do not say how long they are.
import { describe, expect, it } from "vitest";
import { declaredDurationSeconds } from "../src/audio/declared-duration";
import { AudioRejected, processAudio } from "../src/audio/pipeline";
import { clickTrack, mp3File, wavFile } from "./support/audio";
import { oggPage, silentAdts, silentFlac, silentM4a, silentVorbis } from "./support/audio-bombs";

/** ADTS frames with empty payloads: 44.1 kHz stereo AAC-LC, one block of 1024 samples each. */
function adts(frames: number): Uint8Array {
  const frameLength = 7 + 4;
  const out = new Uint8Array(frames * frameLength);
  for (let i = 0; i < frames; i++) {
    const o = i * frameLength;
    out[o] = 0xff;
    out[o + 1] = 0xf1; // MPEG-4, layer 0, no CRC
    out[o + 2] = (1 << 6) | (4 << 2); // AAC LC, 44.1 kHz
    out[o + 3] = (2 << 6) | ((frameLength >> 11) & 0x03); // 2 channels
    out[o + 4] = (frameLength >> 3) & 0xff;
    out[o + 5] = ((frameLength & 0x07) << 5) | 0x1f;
    out[o + 6] = 0xfc; // one block
  }
  return out;
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(new TextEncoder().encode(type), 4);
  let offset = 8;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** An M4A skeleton: ftyp, then moov with a version 0 mvhd declaring `seconds` at timescale 1000. */
function m4a(seconds: number): Uint8Array {
  const ftyp = box("ftyp", new TextEncoder().encode("M4A \0\0\0\0M4A isom"));
  const mvhd = new Uint8Array(100);
  const view = new DataView(mvhd.buffer);
  view.setUint32(12, 1000);
  view.setUint32(16, seconds * 1000);
  return new Uint8Array([...ftyp, ...box("moov", box("mvhd", mvhd))]);
}

describe("declared duration of AAC and M4A", () => {
  it("counts ADTS frames and reads the MP4 movie header", () => {
    expect(declaredDurationSeconds(adts(431), "aac")).toBeCloseTo((431 * 1024) / 44_100, 6);
    expect(declaredDurationSeconds(m4a(95), "m4a")).toBe(95);
    expect(declaredDurationSeconds(new Uint8Array([1, 2, 3]), "aac")).toBeNull();
    expect(declaredDurationSeconds(box("ftyp", new Uint8Array(8)), "m4a")).toBeNull();
  });

  it("refuses AAC and M4A longer than 10 minutes before decoding them", async () => {
    const elevenMinutes = Math.ceil((11 * 60 * 44_100) / 1024);
    await expect(processAudio(adts(elevenMinutes))).rejects.toThrow(AudioRejected);
    await expect(processAudio(adts(elevenMinutes))).rejects.toThrow(/^Too long: AAC files are processed up to 10 minutes/);
    await expect(processAudio(m4a(11 * 60))).rejects.toThrow(/^Too long: M4A files are processed up to 10 minutes/);
  });

  it("an M4A movie header of zero or 'unknown' (all ones) is no length; one that understates loses to the sample table", () => {
    const unknown = m4a(0);
    expect(declaredDurationSeconds(unknown, "m4a")).toBeNull();
    new DataView(unknown.buffer).setUint32(unknown.length - 100 + 16, 0xffffffff);
    expect(declaredDurationSeconds(unknown, "m4a")).toBeNull();
    expect(declaredDurationSeconds(silentM4a({ seconds: 30, declaredSeconds: 0 }), "m4a")).toBeNull();
    // Headers say 60 s; 120 s of AAC frames (1,024 samples each) are in the sample table.
    expect(declaredDurationSeconds(silentM4a({ seconds: 120, declaredSeconds: 60 }), "m4a")).toBeCloseTo(120, 1);
  });

  it("ADTS frames after junk are counted too (the decoder skips junk and decodes them)", () => {
    const junk = new Uint8Array(1000).fill(0x42);
    const file = new Uint8Array([...silentAdts(10), ...junk, ...silentAdts(10)]);
    expect(declaredDurationSeconds(file, "aac")).toBeCloseTo(20, 1);
  });

  it("lets shorter files through to the decoder (which judges their audio)", async () => {
    // Empty payloads are not audio: the decoder's refusal, not the length check, answers.
    await expect(processAudio(adts(100))).rejects.toThrow(/^(Corrupt|Empty) audio/);
  });
});

describe("declared duration of the other containers", () => {
  it("WAV: its data chunk; FLAC: STREAMINFO (0 samples: unknown)", () => {
    expect(declaredDurationSeconds(wavFile([clickTrack(120, 2), clickTrack(90, 2)]), "wav")).toBe(2);
    expect(declaredDurationSeconds(silentFlac({ seconds: 90 }), "flac")).toBe(90);
    expect(declaredDurationSeconds(silentFlac({ seconds: 90, declaredSeconds: 0 }), "flac")).toBeNull();
  });

  it("Ogg: the last page's granule position (Vorbis at its rate, Opus at 48 kHz after the pre-skip)", async () => {
    expect(declaredDurationSeconds(await silentVorbis({ seconds: 100 }), "ogg")).toBe(100);
    const head = new Uint8Array(19);
    head.set(new TextEncoder().encode("OpusHead"));
    head[8] = 1;
    head[9] = 2;
    new DataView(head.buffer).setUint16(10, 312, true);
    new DataView(head.buffer).setUint32(12, 48000, true);
    const opus = Buffer.concat([
      oggPage([head], { serial: 7, sequence: 0, granule: 0n, flags: 2 }),
      oggPage([new Uint8Array([0xf8, 0xff, 0xfe])], { serial: 7, sequence: 1, granule: BigInt(48000 * 75 + 312), flags: 4 }),
    ]);
    expect(declaredDurationSeconds(opus, "ogg")).toBe(75);
    // A page of another stream (chained after it) is not taken for the first stream's length.
    const chained = Buffer.concat([opus, oggPage([new Uint8Array([1])], { serial: 8, sequence: 0, granule: 10n ** 12n, flags: 4 })]);
    expect(declaredDurationSeconds(chained, "ogg")).toBe(75);
  });

  it("MP3: its frames, walked (bare streams too, junk skipped), or its Info/Xing frame count when that says more", async () => {
    const { mp3 } = await processAudio(wavFile([clickTrack(120, 3)]));
    // The Info frame and the encoder's delay and padding: a few frames more than 3 s.
    expect(declaredDurationSeconds(mp3, "mp3")).toBeGreaterThanOrEqual(3);
    expect(declaredDurationSeconds(mp3, "mp3")).toBeLessThan(3 + 4 * (1152 / 44100));
    const bare = await mp3File([clickTrack(120, 3)]);
    const seconds = declaredDurationSeconds(bare, "mp3")!;
    expect(seconds).toBeGreaterThanOrEqual(3);
    expect(seconds).toBeLessThan(3 + 4 * (1152 / 44100));
    const junk = new Uint8Array(5000).fill(0x20);
    expect(declaredDurationSeconds(new Uint8Array([...bare, ...junk, ...bare]), "mp3")).toBeCloseTo(2 * seconds, 1);
    // An Info frame that claims 100,000 frames (43 minutes) is believed: the pipeline refuses it at once.
    const claims = Uint8Array.from(mp3);
    const tagAt = claims.indexOf(0x49, 4); // "Info"
    expect(String.fromCharCode(...claims.subarray(tagAt, tagAt + 4))).toBe("Info");
    new DataView(claims.buffer).setUint32(tagAt + 8, 100_000);
    expect(declaredDurationSeconds(claims, "mp3")).toBeCloseTo((100_000 * 1152) / 44100, 3);
  });
});
