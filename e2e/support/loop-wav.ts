// A small loop made on the spot (no binary fixtures): 16-bit mono WAV at 44.1 kHz with a decaying
// kick on every beat and a soft chord under it, so the pipeline finds a tempo and a key.
import { wavHeader16 } from "../../scripts/lib/wav-header.cjs";

const RATE = 44_100;

export function loopWav({ seconds, bpm }: { seconds: number; bpm: number }): Buffer {
  const frames = Math.round(seconds * RATE);
  const beat = Math.round((60 / bpm) * RATE);
  const data = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i++) {
    const sinceBeat = i % beat;
    const t = sinceBeat / RATE;
    const kick = Math.sin(2 * Math.PI * (55 + 90 * Math.exp(-t * 30)) * t) * Math.exp(-t * 9);
    const chord = [220, 261.63, 329.63].reduce((sum, f) => sum + Math.sin((2 * Math.PI * f * i) / RATE), 0) / 3;
    const sample = 0.6 * kick + 0.2 * chord;
    data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(sample * 32767))), i * 2);
  }
  return Buffer.concat([wavHeader16(1, RATE, data.length), data]);
}
