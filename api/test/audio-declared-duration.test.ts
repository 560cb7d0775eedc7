// AAC and M4A are decoded whole: their declared length is read first, and long files are refused
// with a reason before any decoding (the worker's memory stays bounded).
import { describe, expect, it } from "vitest";
import { declaredDurationSeconds } from "../src/audio/declared-duration";
import { AudioRejected, processAudio } from "../src/audio/pipeline";

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

  it("lets shorter files through to the decoder (which judges their audio)", async () => {
    // Empty payloads are not audio: the decoder's refusal, not the length check, answers.
    await expect(processAudio(adts(100))).rejects.toThrow(/^(Corrupt|Empty) audio/);
  });
});
