// A small deterministic synthesizer for the demo catalog: drums from sine kicks and noise bursts,
// bass lines, chords and arpeggios in a given key and tempo, a few timbres, stereo at 44.1 kHz.
// The same recipe always gives the same samples (seeded noise, no Math.random), so the demo
// catalog needs no committed audio files. Pure: no I/O.
//
// This file: the recipe, pitch, patterns, the mix bus and the renderer; the sounds are in
// ./synth-sounds.ts, the WAV and MP3 encoders in ./synth-encode.ts.
import { bassSound, clapSound, frames, kickSound, noiseSound, noteSound, random, toneSound } from "./synth-sounds";

export { SAMPLE_RATE } from "./synth-sounds";

export type DrumStyle =
  "four_on_floor" | "techno" | "boom_bap" | "halftime" | "trap" | "breakbeat" | "dembow" | "afro" | "rock" | "shuffle" | "disco";
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
  four_on_floor: {
    kick: "x...x...x...x...",
    snare: "................",
    clap: "....x.......x...",
    hat: "o.x.o.x.o.x.o.x.",
    openHat: "..x...x...x...x.",
  },
  techno: {
    kick: "x...x...x...x...",
    snare: "................",
    clap: "....x.......x...",
    hat: "oxoxoxoxoxoxoxox",
    perc: "...x..x....x..x.",
  },
  disco: {
    kick: "x...x...x...x...",
    snare: "....x.......x...",
    hat: "..x...x...x...x.",
    openHat: "..x...x...x...x.",
    perc: "o.o.o.o.o.o.o.o.",
  },
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

/** The noisy drums after the snare, in this order: a few takes of each, its gain and pan. */
const NOISY_DRUMS: {
  part: "clap" | "hat" | "openHat";
  take: string;
  takes: number;
  make: (rand: () => number) => Float32Array;
  gain: number;
  pan: number;
}[] = [
  { part: "clap", take: "clap", takes: 3, make: (rand) => clapSound(rand), gain: 0.4, pan: -0.1 },
  { part: "hat", take: "hat", takes: 4, make: (rand) => noiseSound(0.08, 0.018, 1, rand), gain: 0.18, pan: 0.3 },
  { part: "openHat", take: "open-hat", takes: 2, make: (rand) => noiseSound(0.35, 0.12, 1, rand), gain: 0.12, pan: 0.3 },
];

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
  const stepFrame = (barIndex: number, step: number) =>
    frames(barIndex * bar + step * sixteenth + (step % 2 === 1 ? swing * sixteenth : 0));

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
          if (sn)
            bus.mix(
              at,
              take("snare", 4, () => noiseSound(0.25, 0.07, 0.6, rand, 185)),
              0.7 * sn,
              0.05,
            );
          for (const drum of NOISY_DRUMS) {
            const level = hit(pattern[drum.part], step);
            if (level)
              bus.mix(
                at,
                take(drum.take, drum.takes, () => drum.make(rand)),
                drum.gain * level,
                drum.pan,
              );
          }
          const p = hit(pattern.perc, step);
          if (p) {
            const frequency = s % 4 === 3 ? 620 : 880;
            bus.mix(
              at,
              sound(`perc:${frequency}`, () => toneSound(frequency, 0.2, 0.05)),
              0.25 * p,
              s % 2 ? 0.5 : -0.5,
            );
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
          bus.mix(
            stepFrame(barIndex, s),
            sound(key, () => bassSound(style, hz(midi), length, beat, rand)),
            0.55,
            0,
          );
        });
      }

      if (recipe.chords && section.layers.includes("c")) {
        const timbre = recipe.chords;
        const voicing = timbre === "guitar" ? [chord[0]! - 12, chord[0]! - 5, chord[0]!] : chord;
        const hits: Array<[number, number]> =
          timbre === "pad"
            ? [[0, 16]]
            : timbre === "organ" || timbre === "guitar"
              ? [
                  [0, 3],
                  [3, 3],
                  [6, 4],
                  [10, 2],
                  [12, 4],
                ]
              : timbre === "pluck"
                ? [
                    [0, 3],
                    [3, 3],
                    [6, 2],
                    [8, 3],
                    [11, 3],
                    [14, 2],
                  ]
                : [
                    [0, 6],
                    [6, 2],
                    [8, 8],
                  ];
        for (const [s, length] of hits) {
          const seconds = length * sixteenth * 0.95;
          voicing.forEach((midi, v) => {
            const pan = (v / Math.max(1, voicing.length - 1) - 0.5) * 0.6;
            bus.mix(
              stepFrame(barIndex, s),
              sound(`${timbre}:${midi}:${frames(seconds)}`, () => noteSound(timbre, hz(midi), seconds, rand)),
              0.22,
              pan,
            );
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
