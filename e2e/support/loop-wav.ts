// A small loop made on the spot (no binary fixtures): 16-bit mono WAV at 44.1 kHz with a decaying
// kick on every beat and a soft chord under it, so the pipeline finds a tempo and a key.
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
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "latin1");
  header.write("fmt ", 12, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
