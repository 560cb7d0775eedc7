// The demo synthesizer's samples as files: WAV and MP3 (./seed-demo-catalog.ts uploads them).
import os from "node:os";
import { createMp3Encoder } from "wasm-media-encoders";
import { SAMPLE_RATE } from "./synth-sounds";

/** 16-bit PCM WAV at 44.1 kHz (RIFF header, interleaved samples). */
export function toWav(channels: readonly Float32Array[]): Buffer {
  const count = channels.length;
  const length = channels[0]!.length;
  const memory = new ArrayBuffer(44 + length * count * 2);
  const out = Buffer.from(memory);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + length * count * 2, 4);
  out.write("WAVEfmt ", 8, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(count, 22);
  out.writeUInt32LE(SAMPLE_RATE, 24);
  out.writeUInt32LE(SAMPLE_RATE * count * 2, 28);
  out.writeUInt16LE(count * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(length * count * 2, 40);
  if (os.endianness() !== "LE") throw new Error("toWav assumes a little-endian machine");
  const pcm = new Int16Array(memory, 44, length * count);
  for (let c = 0; c < count; c++) {
    const channel = channels[c]!;
    for (let i = 0; i < length; i++) {
      const v = Math.max(-1, Math.min(1, channel[i]!));
      pcm[i * count + c] = v < 0 ? Math.round(v * 0x8000) : Math.round(v * 0x7fff);
    }
  }
  return out;
}

/** MP3 (LAME, constant bitrate) of the samples. */
export async function toMp3(channels: readonly Float32Array[], bitrate: 128 | 192 | 256 | 320 = 192): Promise<Buffer> {
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: channels.length as 1 | 2, sampleRate: SAMPLE_RATE, bitrate });
  const parts: Buffer[] = [];
  const block = 1152 * 64;
  for (let start = 0; start < channels[0]!.length; start += block) {
    // encode() returns a view into WASM memory: copy it before the next call.
    parts.push(Buffer.from(encoder.encode(channels.map((c) => c.subarray(start, start + block)))));
  }
  parts.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(parts);
}
