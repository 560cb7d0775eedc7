// The demo synthesizer's samples as files: WAV and MP3 (./seed-demo-catalog.ts uploads them).
import { createMp3Encoder } from "../../audio/mp3-encoder";
import { encodeWav16 } from "../../audio/analysis";
import { SAMPLE_RATE } from "./synth-sounds";

/** 16-bit PCM WAV at 44.1 kHz (RIFF header, interleaved samples), as the upload pipeline writes its own. */
export function toWav(channels: readonly Float32Array[]): Buffer {
  return Buffer.from(encodeWav16(channels, SAMPLE_RATE));
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
