import { describe, expect, it } from "vitest";
import { detectKey, detectTempo, encodeWav16, previewClip, waveformPeaks } from "../src/audio/analysis";
import { sniffAudioFormat } from "../src/audio/sniff";
import { clickTrack, SAMPLE_RATE } from "./support/audio";

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Chords of 0.5 s each (MIDI notes), three times over. */
function progression(chords: number[][]): Float32Array {
  const per = SAMPLE_RATE / 2;
  const all = [...chords, ...chords, ...chords];
  const out = new Float32Array(per * all.length);
  all.forEach((chord, c) => {
    for (let i = 0; i < per; i++) for (const note of chord) out[c * per + i]! += 0.2 * Math.sin((2 * Math.PI * hz(note) * i) / SAMPLE_RATE);
  });
  return out;
}

describe("audio analysis", () => {
  it("sniffs containers from their bytes", () => {
    const bytes = (...parts: (string | number[])[]) =>
      new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)));
    expect(sniffAudioFormat(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBe("wav");
    expect(sniffAudioFormat(bytes("fLaC"))).toBe("flac");
    expect(sniffAudioFormat(bytes("OggS"))).toBe("ogg");
    expect(sniffAudioFormat(bytes([0, 0, 0, 32], "ftypM4A "))).toBe("m4a");
    expect(sniffAudioFormat(bytes("ID3", [4, 0]))).toBe("mp3");
    expect(sniffAudioFormat(bytes([0xff, 0xfb, 0x90]))).toBe("mp3");
    expect(sniffAudioFormat(bytes([0xff, 0xf1, 0x50]))).toBe("aac");
    expect(sniffAudioFormat(bytes("<html>"))).toBeNull();
    expect(sniffAudioFormat(bytes("RIFF", [0, 0, 0, 0], "AVI "))).toBeNull();
  });

  it.each([
    [
      "C major",
      [
        [60, 64, 67],
        [65, 69, 72],
        [67, 71, 74],
        [60, 64, 67],
      ],
    ],
    [
      "A minor",
      [
        [57, 60, 64],
        [62, 65, 69],
        [64, 67, 71],
        [57, 60, 64],
      ],
    ],
    [
      "F# major",
      [
        [66, 70, 73],
        [71, 75, 78],
        [73, 77, 80],
        [66, 70, 73],
      ],
    ],
  ])("detects the key of a %s progression", (key, chords) => {
    expect(detectKey(progression(chords), SAMPLE_RATE)).toBe(key);
  });

  it.each([95, 128, 140])("detects %i BPM of a click track within 2", (bpm) => {
    expect(Math.abs(detectTempo(clickTrack(bpm, 20), SAMPLE_RATE)! - bpm)).toBeLessThanOrEqual(2);
  });

  it("silence has no key and no tempo", () => {
    const silence = new Float32Array(SAMPLE_RATE * 2);
    expect(detectKey(silence, SAMPLE_RATE)).toBeNull();
    expect(detectTempo(silence, SAMPLE_RATE)).toBeNull();
  });

  it("peaks, preview fades and 16-bit WAV", () => {
    const ones = new Float32Array(SAMPLE_RATE * 40).fill(0.5);
    expect(waveformPeaks(ones, 800)).toHaveLength(800);
    const [clip] = previewClip([ones], SAMPLE_RATE);
    expect(clip!.length).toBe(30 * SAMPLE_RATE);
    expect(clip![0]).toBe(0);
    expect(clip![clip!.length - 1]).toBe(0);
    expect(clip![15 * SAMPLE_RATE]).toBe(0.5);
    const wav = Buffer.from(encodeWav16([new Float32Array([1, -1, 0])], SAMPLE_RATE));
    expect(wav.length).toBe(44 + 6);
    expect([wav.readInt16LE(44), wav.readInt16LE(46), wav.readInt16LE(48)]).toEqual([32767, -32768, 0]);
  });
});
