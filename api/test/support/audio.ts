// Audio made in the tests (no binary fixtures): click tracks and tones as WAV, and MP3 of them.
import { createMp3Encoder } from "wasm-media-encoders";
import { encodeWav16 } from "../../src/audio/analysis";

export const SAMPLE_RATE = 44100;

/** A decaying 100 Hz click on every beat, over a quiet A (440 Hz) tone; mono. */
export function clickTrack(bpm: number, seconds: number, sampleRate = SAMPLE_RATE): Float32Array {
  const frames = Math.round(seconds * sampleRate);
  const samples = new Float32Array(frames);
  const period = Math.round((sampleRate * 60) / bpm);
  for (let start = 0; start < frames; start += period) {
    for (let i = 0; i < 2000 && start + i < frames; i++)
      samples[start + i] = 0.9 * Math.sin((2 * Math.PI * 100 * i) / sampleRate) * Math.exp(-i / 400);
  }
  for (let i = 0; i < frames; i++) samples[i]! += 0.1 * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
  return samples;
}

export function wavFile(channels: Float32Array[], sampleRate = SAMPLE_RATE): Buffer {
  return Buffer.from(encodeWav16(channels, sampleRate));
}

export async function mp3File(channels: Float32Array[], sampleRate = SAMPLE_RATE): Promise<Buffer> {
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: channels.length as 1 | 2, sampleRate, bitrate: 192 });
  const parts = [Buffer.from(encoder.encode(channels)), Buffer.from(encoder.finalize())];
  return Buffer.concat(parts);
}
