// Audio made in the tests (no binary fixtures): click tracks and tones as WAV, and MP3 of them.
import { createMp3Encoder } from "../../src/audio/mp3-encoder";
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

/**
 * A seeded random melody: notes of random pitch (200–1,600 Hz, three harmonics) and length (0.1–0.4 s)
 * with an attack and a decay, over a soft noise bed; mono. Different seeds give audibly different
 * music (the upload reward's fingerprint tells them apart); the same seed the same samples.
 */
export function melody(seed: number, seconds: number, sampleRate = SAMPLE_RATE): Float32Array {
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const frames = Math.round(seconds * sampleRate);
  const samples = new Float32Array(frames);
  for (let start = 0; start < frames;) {
    const length = Math.round((0.1 + 0.3 * random()) * sampleRate);
    const hz = 200 * 2 ** (3 * random());
    const gain = 0.15 + 0.2 * random();
    for (let i = 0; i < length && start + i < frames; i++) {
      const t = i / sampleRate;
      const envelope = Math.min(1, t / 0.01) * Math.exp(-t * 6);
      const phase = 2 * Math.PI * hz * t;
      samples[start + i]! += gain * envelope * (Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase));
    }
    start += length;
  }
  for (let i = 0; i < frames; i++) samples[i]! += 0.02 * (random() * 2 - 1);
  return samples;
}
