// A small deterministic synthesizer for the demo catalog: drums from sine kicks and noise bursts,
// bass lines, chords and arpeggios in a given key and tempo, a few timbres, stereo at 44.1 kHz.
// The same recipe always gives the same samples (seeded noise, no Math.random), so the demo
// catalog needs no committed audio files. Pure: no I/O.
import os from "node:os";
import { createMp3Encoder } from "wasm-media-encoders";

export const SAMPLE_RATE = 44100;

export type DrumStyle = "four_on_floor" | "techno" | "boom_bap" | "halftime" | "trap" | "breakbeat" | "dembow" | "afro" | "rock" | "shuffle" | "disco";
export type BassStyle = "sub" | "acid" | "reese" | "wobble" | "808" | "pluck" | "walking";
export type Timbre = "pad" | "keys" | "pluck" | "saw" | "organ" | "bell" | "guitar";

/** One part of a piece: how many bars, and which layers play (d drums, b bass, c chords, a arpeggio). */
export interface Section {
  bars: number;
  layers: string;
}

export interface Recipe {
  /** Seeds the noise (hats, snares, plucks): two recipes differing only here sound slightly different. */
  seed: number;
  bpm: number;
  /** "A minor", "F# major", "Bb major". */
  key: string;
  /** Scale degrees (0 = tonic), one chord per bar, repeated. */
  progression: number[];
  drums?: DrumStyle;
  bass?: BassStyle;
  chords?: Timbre;
  arp?: Timbre;
  /** Arpeggio notes per beat (2 or 4). */
  arpRate?: number;
  /** 0–0.33: delays every second 16th note by this share of a 16th. */
  swing?: number;
  /** Four-note (seventh) chords instead of triads. */
  sevenths?: boolean;
  /** The arrangement. A loop is one section with every layer it has. */
  sections: Section[];
  /** Loops: sound that rings past the end wraps around to the start, so the loop repeats seamlessly. */
  seamless: boolean;
}

export function barsOf(recipe: Pick<Recipe, "sections">): number {
  return recipe.sections.reduce((sum, section) => sum + section.bars, 0);
}

/** Length in seconds: bars of 4/4 at the recipe's tempo. */
export function durationOf(recipe: Pick<Recipe, "sections" | "bpm">): number {
  return (barsOf(recipe) * 4 * 60) / recipe.bpm;
}

// ---- Pitch ----------------------------------------------------------------------------------

const PITCH_CLASSES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];
const MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10];

export function parseKey(key: string): { tonic: number; scale: number[] } {
  const match = /^([A-G])([#b]?) (major|minor)$/.exec(key);
  if (!match) throw new Error(`Unknown key "${key}"`);
  const accidental = match[2] === "#" ? 1 : match[2] === "b" ? -1 : 0;
  return { tonic: (PITCH_CLASSES[match[1]!]! + accidental + 12) % 12, scale: match[3] === "major" ? MAJOR_SCALE : MINOR_SCALE };
}

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** MIDI notes of the chord on `degree` of the scale (stacked thirds), its root within a tritone of `base`. */
function chordNotes(tonic: number, scale: number[], degree: number, size: number, base: number): number[] {
  const semitones = (step: number) => scale[step % 7]! + 12 * Math.floor(step / 7);
  const rootAbsolute = tonic + semitones(degree);
  let root = base + ((((rootAbsolute - base) % 12) + 12) % 12);
  if (root - base > 6) root -= 12;
  const offset = root - rootAbsolute;
  return Array.from({ length: size }, (_, i) => tonic + semitones(degree + 2 * i) + offset);
}

// ---- Randomness -----------------------------------------------------------------------------

/** mulberry32: a tiny seeded generator, uniform in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- The mix bus ----------------------------------------------------------------------------

class Bus {
  readonly left: Float32Array;
  readonly right: Float32Array;
  constructor(
    readonly length: number,
    private readonly wrap: boolean,
  ) {
    this.left = new Float32Array(length);
    this.right = new Float32Array(length);
  }

  /** Adds a mono sound at frame `start`, scaled by `gain` and panned (-1 left … 1 right). */
  mix(start: number, sound: Float32Array, gain: number, pan: number): void {
    const angle = ((pan + 1) * Math.PI) / 4;
    const gainL = gain * Math.cos(angle);
    const gainR = gain * Math.sin(angle);
    const { left, right, length } = this;
    for (let i = 0; i < sound.length; i++) {
      let at = start + i;
      if (at >= length) {
        if (!this.wrap) break;
        at %= length;
      }
      const value = sound[i]!;
      left[at]! += value * gainL;
      right[at]! += value * gainR;
    }
  }
}

// ---- Sounds ---------------------------------------------------------------------------------
// Each sound is rendered once at unit gain into a mono buffer and reused (a loop repeats its
// chords and drum hits), which keeps a whole catalog to a few seconds of work.

const TAU = 2 * Math.PI;
const frames = (seconds: number) => Math.max(1, Math.round(seconds * SAMPLE_RATE));
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

function kickSound(): Float32Array {
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

function noiseSound(seconds: number, tau: number, brightness: number, rand: () => number, toneHz = 0, toneTau = 0.045): Float32Array {
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

function clapSound(rand: () => number): Float32Array {
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

function toneSound(frequency: number, seconds: number, tau: number): Float32Array {
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
function noteSound(timbre: Timbre, frequency: number, seconds: number, rand: () => number): Float32Array {
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

function bassSound(style: BassStyle, frequency: number, seconds: number, beat: number, rand: () => number): Float32Array {
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
        const cutoff = style === "acid" ? 300 + 2200 * sweep : style === "wobble" ? 180 + 1400 * (0.5 - 0.5 * Math.cos((TAU * t) / (beat / 2))) : 700;
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

// ---- Patterns (16 steps per bar) ------------------------------------------------------------

interface DrumPattern {
  kick: string;
  snare: string;
  clap?: string;
  hat: string;
  openHat?: string;
  perc?: string;
}

// x: hit, o: soft hit, .: rest. Two-bar patterns (32 steps) alternate.
const DRUMS: Record<DrumStyle, DrumPattern> = {
  four_on_floor: { kick: "x...x...x...x...", snare: "................", clap: "....x.......x...", hat: "o.x.o.x.o.x.o.x.", openHat: "..x...x...x...x." },
  techno: { kick: "x...x...x...x...", snare: "................", clap: "....x.......x...", hat: "oxoxoxoxoxoxoxox", perc: "...x..x....x..x." },
  disco: { kick: "x...x...x...x...", snare: "....x.......x...", hat: "..x...x...x...x.", openHat: "..x...x...x...x.", perc: "o.o.o.o.o.o.o.o." },
  boom_bap: { kick: "x.....x..xo.....x.....x...x.....", snare: "....x.......x.......x.......x..o", hat: "x.x.x.x.x.x.x.x." },
  halftime: { kick: "x.........x.....", snare: "........x.......", hat: "x.x.x.x.x.x.x.x." },
  trap: { kick: "x......x..x.....x.........x.....", snare: "........x...............x.......", hat: "x.x.x.xxx.x.x.x.x.x.xxx.x.xxxxxx" },
  breakbeat: { kick: "x.........x.....x.x.......x.....", snare: "....x.......x.......x..o....x...", hat: "x.x.x.x.x.x.x.x." },
  dembow: { kick: "x...x...x...x...", snare: "...x..x....x..x.", hat: "x.x.x.x.x.x.x.x." },
  afro: { kick: "x.....x...x.....", snare: "....x.......x...", hat: "x.xxx.xxx.xxx.xx", perc: "..x..x....x..x.." },
  rock: { kick: "x.....x.x.......", snare: "....x.......x...", hat: "x.x.x.x.x.x.x.x.", openHat: "..............x." },
  shuffle: { kick: "x.....x...x.....", snare: "....x.......x...", hat: "x.xxx.xxx.xxx.xx" },
};

const BASS_RHYTHM: Record<BassStyle, string> = {
  sub: "x.......x.....x.",
  walking: "x...x...x...x...",
  pluck: "x..x..x...x.x...",
  "808": "x......x..x.....",
  acid: "x.xxx.x.xx.x.xxx",
  reese: "x...............",
  wobble: "x.......x.......",
};

const hit = (pattern: string | undefined, step: number): number => {
  if (!pattern) return 0;
  const char = pattern[step % pattern.length];
  return char === "x" ? 1 : char === "o" ? 0.55 : 0;
};

// ---- The renderer ---------------------------------------------------------------------------

/** Renders a recipe to stereo samples (left, right), normalised to -1 dBFS. */
export function synthesize(recipe: Recipe): [Float32Array, Float32Array] {
  const beat = 60 / recipe.bpm;
  const bar = 4 * beat;
  const sixteenth = beat / 4;
  const totalBars = barsOf(recipe);
  const bus = new Bus(frames(totalBars * bar), recipe.seamless);
  const rand = random(recipe.seed);
  const { tonic, scale } = parseKey(recipe.key);
  const swing = recipe.swing ?? 0;
  const stepFrame = (barIndex: number, step: number) => frames(barIndex * bar + step * sixteenth + (step % 2 === 1 ? swing * sixteenth : 0));

  const cache = new Map<string, Float32Array>();
  const sound = (key: string, make: () => Float32Array) => {
    let found = cache.get(key);
    if (!found) cache.set(key, (found = make()));
    return found;
  };
  // A few takes of each noisy drum, so that repeated hits are not identical.
  const take = (name: string, count: number, make: () => Float32Array) => sound(`${name}:${Math.floor(rand() * count)}`, make);

  let barIndex = 0;
  for (const section of recipe.sections) {
    for (let b = 0; b < section.bars; b++, barIndex++) {
      const degree = recipe.progression[barIndex % recipe.progression.length]!;
      const chord = chordNotes(tonic, scale, degree, recipe.sevenths ? 4 : 3, 57);
      const lastBarOfSection = b === section.bars - 1;

      if (recipe.drums && section.layers.includes("d")) {
        const pattern = DRUMS[recipe.drums];
        for (let s = 0; s < 16; s++) {
          const step = (barIndex % 2) * 16 + s;
          const at = stepFrame(barIndex, s);
          const k = hit(pattern.kick, step);
          if (k) bus.mix(at, sound("kick", kickSound), 0.95 * k, 0);
          const fill = lastBarOfSection && s >= 12 && recipe.drums !== "techno" && section.bars > 2 ? 0.5 : 0;
          const sn = hit(pattern.snare, step) || fill;
          if (sn) bus.mix(at, take("snare", 4, () => noiseSound(0.25, 0.07, 0.6, rand, 185)), 0.7 * sn, 0.05);
          const cl = hit(pattern.clap, step);
          if (cl) bus.mix(at, take("clap", 3, () => clapSound(rand)), 0.4 * cl, -0.1);
          const h = hit(pattern.hat, step);
          if (h) bus.mix(at, take("hat", 4, () => noiseSound(0.08, 0.018, 1, rand)), 0.18 * h, 0.3);
          const oh = hit(pattern.openHat, step);
          if (oh) bus.mix(at, take("open-hat", 2, () => noiseSound(0.35, 0.12, 1, rand)), 0.12 * oh, 0.3);
          const p = hit(pattern.perc, step);
          if (p) {
            const frequency = s % 4 === 3 ? 620 : 880;
            bus.mix(at, sound(`perc:${frequency}`, () => toneSound(frequency, 0.2, 0.05)), 0.25 * p, s % 2 ? 0.5 : -0.5);
          }
        }
      }

      if (recipe.bass && section.layers.includes("b")) {
        const style = recipe.bass;
        const rhythm = BASS_RHYTHM[style];
        const root = chord[0]! - 24 < 31 ? chord[0]! - 12 : chord[0]! - 24;
        const walk = [0, chord[1]! - chord[0]!, chord[2]! - chord[0]!, 12];
        const steps = [...rhythm].map((char, s) => (char === "x" ? s : -1)).filter((s) => s >= 0);
        steps.forEach((s, i) => {
          const until = steps[i + 1] ?? 16;
          const length = (until - s) * sixteenth * (style === "acid" ? 0.6 : 0.9);
          const midi = style === "walking" ? root + walk[i % walk.length]! : style === "acid" && i % 3 === 2 ? root + 12 : root;
          const key = `bass:${midi}:${frames(length)}`;
          bus.mix(stepFrame(barIndex, s), sound(key, () => bassSound(style, hz(midi), length, beat, rand)), 0.55, 0);
        });
      }

      if (recipe.chords && section.layers.includes("c")) {
        const timbre = recipe.chords;
        const voicing = timbre === "guitar" ? [chord[0]! - 12, chord[0]! - 5, chord[0]!] : chord;
        const hits: Array<[number, number]> =
          timbre === "pad"
            ? [[0, 16]]
            : timbre === "organ" || timbre === "guitar"
              ? [[0, 3], [3, 3], [6, 4], [10, 2], [12, 4]]
              : timbre === "pluck"
                ? [[0, 3], [3, 3], [6, 2], [8, 3], [11, 3], [14, 2]]
                : [[0, 6], [6, 2], [8, 8]];
        for (const [s, length] of hits) {
          const seconds = length * sixteenth * 0.95;
          voicing.forEach((midi, v) => {
            const pan = (v / Math.max(1, voicing.length - 1) - 0.5) * 0.6;
            bus.mix(stepFrame(barIndex, s), sound(`${timbre}:${midi}:${frames(seconds)}`, () => noteSound(timbre, hz(midi), seconds, rand)), 0.22, pan);
          });
        }
      }

      if (recipe.arp && section.layers.includes("a")) {
        const timbre = recipe.arp;
        const rate = recipe.arpRate ?? 4;
        const tones = [...chord, chord[0]! + 12, ...chord.slice(1).map((m) => m + 12)];
        const count = 4 * rate;
        const seconds = (beat / rate) * 0.9;
        for (let i = 0; i < count; i++) {
          const midi = tones[i % tones.length]! + 12;
          const at = stepFrame(barIndex, (i * 16) / count);
          const note = sound(`${timbre}:${midi}:${frames(seconds)}`, () => noteSound(timbre, hz(midi), seconds, rand));
          bus.mix(at, note, 0.16, i % 2 ? 0.45 : -0.45);
          // A quiet echo a dotted eighth later, on the other side.
          bus.mix(at + frames(0.75 * beat), note, 0.06, i % 2 ? -0.6 : 0.6);
        }
      }
    }
  }

  let peak = 0;
  for (let i = 0; i < bus.length; i++) peak = Math.max(peak, Math.abs(bus.left[i]!), Math.abs(bus.right[i]!));
  const gain = peak > 0 ? 0.89 / peak : 1;
  for (let i = 0; i < bus.length; i++) {
    bus.left[i]! *= gain;
    bus.right[i]! *= gain;
  }
  if (!recipe.seamless) {
    // A piece (not a loop) ends with a short fade out.
    const fade = Math.min(frames(1.5), bus.length);
    for (let i = 0; i < fade; i++) {
      const g = i / fade;
      bus.left[bus.length - 1 - i]! *= g;
      bus.right[bus.length - 1 - i]! *= g;
    }
  }
  return [bus.left, bus.right];
}

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
