// The demo catalog: two dozen loops (./catalog-loops.ts) and four tracks (./catalog-tracks.ts)
// across the genres, by the demo creators (../seed.ts). Each item is described the way a creator fills in the upload form, plus the
// recipe its audio is synthesized from (./synth.ts). Lengths are chosen so that every duration
// band has items: short (< 30 s), medium (30–60 s) and long (> 60 s).
import type { DEMO_CREATORS, DEMO_GENRES } from "../seed";
import type { Recipe } from "./synth";
import { DEMO_LOOPS } from "./catalog-loops";
import { DEMO_TRACKS } from "./catalog-tracks";

export interface DemoTrackFields {
  artistName: string;
  albumName: string;
  /** YYYY-MM-DD */
  releaseDate: string;
  lyrics: string;
}

export interface DemoItem {
  creator: (typeof DEMO_CREATORS)[number]["username"];
  genre: (typeof DEMO_GENRES)[number];
  title: string;
  description: string;
  /** As typed in the upload form: US dollars, "0.00" for a free loop. */
  price: string;
  tags: string[];
  /** The container of the "uploaded" original: both upload paths are exercised. */
  format: "wav" | "mp3";
  /** How long ago it was "uploaded", so that the catalog has a history. */
  ageHours: number;
  track?: DemoTrackFields;
  recipe: Omit<Recipe, "seed" | "seamless">;
}

/** Every demo item: the loops, then the tracks. */
export const DEMO_CATALOG: DemoItem[] = [...DEMO_LOOPS, ...DEMO_TRACKS];
