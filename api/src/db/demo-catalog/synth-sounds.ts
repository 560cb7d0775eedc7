// The demo synthesizer's sounds (./synth.ts): seeded noise, drums, pitched notes of each timbre and
// bass lines, each rendered once at unit gain into a mono buffer at SAMPLE_RATE. Pure: no I/O.
import type { BassStyle, Timbre } from "./synth";

export const SAMPLE_RATE = 44100;

// ---- Randomness -----------------------------------------------------------------------------

/** mulberry32: a tiny seeded generator, uniform in [0, 1). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- Sounds ---------------------------------------------------------------------------------
// Each sound is rendered once at unit gain into a mono buffer and reused (a loop repeats its
// chords and drum hits), which keeps a whole catalog to a few seconds of work.

const TAU = 2 * Math.PI;
export const frames = (seconds: number) => Math.max(1, Math.round(seconds * SAMPLE_RATE));
/** Per-sample multiplier of an exponential decay with time constant `tau` seconds. */
const decay = (tau: number) => Math.exp(-1 / (tau * SAMPLE_RATE));

/** Band-limited sawtooth (PolyBLEP) from a phase in [0, 1) and its increment. */
function saw(phase: number, increment: number): number {
  let value = 2 * phase - 1;
  if (phase < increment) {
    const t = phase / increment;
    value -= t + t - t * t - 1;
  } else if (phase > 1 - increment) {
    const t = (phase - 1) / increment;
    value -= t * t + t + t + 1;
  }
  return value;
}

/** Coefficient of a one-pole low-pass at `cutoffHz`. */
function onePole(cutoffHz: number): number {
  const dt = 1 / SAMPLE_RATE;
  return dt / (1 / (TAU * cutoffHz) + dt);
}

/** Linear attack, hold until `length` seconds, linear release. */
function applyAttackRelease(sound: Float32Array, length: number, attack: number, release: number): Float32Array {
  const attackFrames = frames(attack);
  const holdEnd = frames(length);
  const releaseFrames = frames(release);
  for (let i = 0; i < sound.length; i++) {
    let g = 1;
    if (i < attackFrames) g = i / attackFrames;
    if (i > holdEnd) g *= Math.max(0, 1 - (i - holdEnd) / releaseFrames);
    sound[i]! *= g;
  }
  return sound;
}

export function kickSound(): Float32Array {
  const out = new Float32Array(frames(0.45));
  let phase = 0;
  let env = 1;
  let sweep = 1;
  const k = decay(0.22);
  const s = decay(0.035);
  for (let i = 0; i < out.length; i++) {
    phase += (48 + 120 * sweep) / SAMPLE_RATE;
    out[i] = Math.sin(TAU * phase) * env * Math.min(1, i / 40);
    env *= k;
    sweep *= s;
  }
  return out;
}

export function noiseSound(
  seconds: number,
  tau: number,
  brightness: number,
  rand: () => number,
  toneHz = 0,
  toneTau = 0.045,
): Float32Array {
  const out = new Float32Array(frames(seconds));
  let previous = 0;
  let env = 1;
  let toneEnv = 1;
  const k = decay(tau);
  const kt = decay(toneTau);
  for (let i = 0; i < out.length; i++) {
    const noise = rand() * 2 - 1;
    const bright = noise - previous * brightness;
    previous = noise;
    out[i] = (toneHz ? 0.55 : 1) * bright * env + (toneHz ? 0.45 * Math.sin((TAU * toneHz * i) / SAMPLE_RATE) * toneEnv : 0);
    env *= k;
    toneEnv *= kt;
  }
  return out;
}

export function clapSound(rand: () => number): Float32Array {
  const out = noiseSound(0.3, 1, 1, rand);
  const burst = frames(0.01);
  const tail = decay(0.09);
  let env = 1;
  for (let i = 0; i < out.length; i++) {
    if (i < 3 * burst) out[i]! *= Math.exp(-(i % burst) / frames(0.003));
    else out[i]! *= env *= tail;
  }
  return out;
}

export function toneSound(frequency: number, seconds: number, tau: number): Float32Array {
  const out = new Float32Array(frames(seconds));
  let env = 1;
  const k = decay(tau);
  for (let i = 0; i < out.length; i++) {
    out[i] = Math.sin((TAU * frequency * i) / SAMPLE_RATE) * env;
    env *= k;
  }
  return out;
}

/** One pitched note of a timbre, `seconds` long (plus its release). */
export function noteSound(timbre: Timbre, frequency: number, seconds: number, rand: () => number): Float32Array {
  const increment = frequency / SAMPLE_RATE;
  switch (timbre) {
    case "pad": {
      const release = 0.6;
      const out = new Float32Array(frames(seconds + release));
      const detune = [1, 1.0045, 0.9955];
      const phases = [0, 0.33, 0.67];
      const alpha = onePole(1400);
      let y = 0;
      for (let i = 0; i < out.length; i++) {
        let sum = 0;
        for (let v = 0; v < 3; v++) {
          const inc = increment * detune[v]!;
          phases[v] = (phases[v]! + inc) % 1;
          sum += saw(phases[v]!, inc);
        }
        y += alpha * (sum / 3 - y);
        out[i] = 0.7 * y;
      }
      return applyAttackRelease(out, seconds, Math.min(0.35, seconds / 3), release);
    }
    case "keys": {
      const out = new Float32Array(frames(seconds + 0.4));
      let env = 1;
      let second = 1;
      let tine = 1;
      const k = decay(1.1);
      const k2 = decay(0.4);
      const kt = decay(0.03);
      for (let i = 0; i < out.length; i++) {
        const w = (TAU * frequency * i) / SAMPLE_RATE;
        out[i] = 0.6 * env * (Math.sin(w) + 0.3 * second * Math.sin(2 * w) + 0.25 * tine * Math.sin(7 * w));
        env *= k;
        second *= k2;
        tine *= kt;
      }
      return applyAttackRelease(out, seconds, 0.004, 0.4);
    }
    case "pluck": {
      // Karplus–Strong: a burst of seeded noise in a delay line, averaged as it circulates.
      const period = Math.max(2, Math.round(SAMPLE_RATE / frequency));
      const line = new Float32Array(period);
      for (let i = 0; i < period; i++) line[i] = rand() * 2 - 1;
      const length = Math.min(seconds + 0.3, 1.5);
      const out = new Float32Array(frames(length));
      let index = 0;
      for (let i = 0; i < out.length; i++) {
        const next = index + 1 === period ? 0 : index + 1;
        const value = line[index]!;
        line[index] = 0.497 * (value + line[next]!);
        index = next;
        out[i] = 0.8 * value;
      }
      return applyAttackRelease(out, length - 0.05, 0.001, 0.05);
    }
    case "saw": {
      const out = new Float32Array(frames(seconds + 0.15));
      let phase = 0;
      let y = 0;
      let sweep = 1;
      const ks = decay(0.25);
      for (let i = 0; i < out.length; i++) {
        phase = (phase + increment) % 1;
        y += onePole(600 + 4000 * sweep) * (saw(phase, increment) - y);
        sweep *= ks;
        out[i] = 0.45 * y;
      }
      return applyAttackRelease(out, seconds, 0.005, 0.15);
    }
    case "organ": {
      const out = new Float32Array(frames(seconds + 0.05));
      for (let i = 0; i < out.length; i++) {
        const w = (TAU * frequency * i) / SAMPLE_RATE;
        out[i] = 0.3 * (Math.sin(w) + 0.6 * Math.sin(2 * w) + 0.35 * Math.sin(3 * w) + 0.2 * Math.sin(4 * w));
      }
      return applyAttackRelease(out, seconds, 0.01, 0.05);
    }
    case "bell": {
      const out = new Float32Array(frames(Math.max(seconds, 1)));
      let env = 1;
      let index = 1.8;
      const k = decay(0.6);
      const ki = decay(0.4);
      for (let i = 0; i < out.length; i++) {
        const w = (TAU * frequency * i) / SAMPLE_RATE;
        out[i] = 0.5 * Math.sin(w + index * Math.sin(3.5 * w)) * env * Math.min(1, i / 90);
        env *= k;
        index *= ki;
      }
      return out;
    }
    case "guitar": {
      const out = new Float32Array(frames(seconds + 0.1));
      const alpha = onePole(2500);
      let phase = 0;
      let y = 0;
      let env = 1;
      const k = decay(0.3);
      for (let i = 0; i < out.length; i++) {
        phase = (phase + increment) % 1;
        y += alpha * (Math.tanh(5 * saw(phase, increment)) - y);
        out[i] = 0.3 * y * (0.7 + 0.3 * env);
        env *= k;
      }
      return applyAttackRelease(out, seconds, 0.003, 0.1);
    }
  }
}

export function bassSound(style: BassStyle, frequency: number, seconds: number, beat: number, rand: () => number): Float32Array {
  const increment = frequency / SAMPLE_RATE;
  switch (style) {
    case "sub":
    case "walking": {
      const out = new Float32Array(frames(seconds + 0.03));
      let env = 1;
      const k = style === "walking" ? decay(0.6) : 1;
      for (let i = 0; i < out.length; i++) {
        const w = (TAU * frequency * i) / SAMPLE_RATE;
        out[i] = 0.8 * (Math.sin(w) + 0.2 * Math.sin(2 * w)) * env;
        env *= k;
      }
      return applyAttackRelease(out, seconds, 0.005, 0.03);
    }
    case "pluck": {
      const out = noteSound("pluck", frequency, seconds, rand);
      for (let i = 0; i < out.length; i++) out[i]! *= 1.2;
      return out;
    }
    case "808": {
      const length = Math.max(seconds, 0.3);
      const out = new Float32Array(frames(length + 0.05));
      let phase = 0;
      let env = 1;
      let glide = 1;
      const k = decay(0.9);
      const kg = decay(0.02);
      for (let i = 0; i < out.length; i++) {
        phase += (frequency * (1 + glide)) / SAMPLE_RATE;
        out[i] = Math.tanh(1.6 * Math.sin(TAU * phase)) * env;
        env *= k;
        glide *= kg;
      }
      return applyAttackRelease(out, length, 0.002, 0.05);
    }
    case "acid":
    case "reese":
    case "wobble": {
      const out = new Float32Array(frames(seconds + 0.03));
      const detune = style === "reese" ? [0.993, 1.007] : [1, 1];
      const phases = [0, 0.5];
      let y = 0;
      let y2 = 0;
      let sweep = 1;
      const ks = decay(0.09);
      for (let i = 0; i < out.length; i++) {
        let sum = 0;
        for (let v = 0; v < 2; v++) {
          const inc = increment * detune[v]!;
          phases[v] = (phases[v]! + inc) % 1;
          sum += saw(phases[v]!, inc) / 2;
        }
        const t = i / SAMPLE_RATE;
        const cutoff =
          style === "acid" ? 300 + 2200 * sweep : style === "wobble" ? 180 + 1400 * (0.5 - 0.5 * Math.cos((TAU * t) / (beat / 2))) : 700;
        sweep *= ks;
        const alpha = onePole(cutoff);
        y += alpha * (sum - y);
        y2 += alpha * (y - y2);
        out[i] = 0.8 * (1.3 * y2 + 0.5 * Math.sin(TAU * frequency * t));
      }
      return applyAttackRelease(out, seconds, 0.004, 0.03);
    }
  }
}
