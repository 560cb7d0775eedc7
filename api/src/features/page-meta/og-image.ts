// A loop's link-preview image (issue 36): its waveform drawn on the app's dark background, 1200×630
// (the size Open Graph and Twitter's large card show), as a palette PNG encoded here with node:zlib:
// an 8-bit indexed image is a few chunks around one deflated stream of rows.
import { crc32, deflateSync } from "node:zlib";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "./page-head";

/** The design's version: part of the image's ETag, so a change of drawing is fetched again. */
export const OG_IMAGE_VERSION = 1;

type Rgb = readonly [number, number, number];

const BACKGROUND: Rgb = [0x0b, 0x0a, 0x14]; // web/index.html's theme-color
const BASELINE: Rgb = [0x2a, 0x24, 0x3d];
const FROM: Rgb = [0x8b, 0x5c, 0xf6]; // --color-primary
const TO: Rgb = [0xec, 0x48, 0x99]; // --color-accent
const GRADIENT_STEPS = 64;

/** Palette: 0 background, 1 the baseline, 2.. the bars' gradient from left to right. */
const PALETTE: Rgb[] = [
  BACKGROUND,
  BASELINE,
  ...Array.from({ length: GRADIENT_STEPS }, (_, i): Rgb => {
    const mix = (c: 0 | 1 | 2) => Math.round(FROM[c] + ((TO[c] - FROM[c]) * i) / (GRADIENT_STEPS - 1));
    return [mix(0), mix(1), mix(2)];
  }),
];

const MARGIN_X = 80;
const BAR_WIDTH = 6;
const BAR_GAP = 3;
const MAX_HALF_HEIGHT = 230;
const BARS = Math.floor((OG_IMAGE_WIDTH - 2 * MARGIN_X + BAR_GAP) / (BAR_WIDTH + BAR_GAP));

/**
 * Each bar's height, 0..1: the loudest peak of its share of the waveform, scaled so the loudest bar
 * is full height (a quiet loop still shows its shape). `peaks`: [min, max] pairs in -1..1
 * (GET /api/loops/:id/peaks); none: a flat line.
 */
export function barHeights(peaks: readonly (readonly number[])[] | null, bars = BARS): number[] {
  if (!peaks || peaks.length === 0) return new Array<number>(bars).fill(0);
  const heights = Array.from({ length: bars }, (_, bar) => {
    const start = Math.floor((bar * peaks.length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * peaks.length) / bars));
    let loudest = 0;
    for (let i = start; i < end && i < peaks.length; i++) {
      for (const value of peaks[i]!) if (Number.isFinite(value)) loudest = Math.max(loudest, Math.abs(value));
    }
    return loudest;
  });
  const max = Math.max(...heights);
  return max > 0 ? heights.map((height) => Math.min(1, height / max)) : heights;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4, 8))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit indexed PNG of `pixels` (one palette index per pixel, row by row). */
export function encodePalettePng(width: number, height: number, palette: readonly Rgb[], pixels: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering
  ihdr[12] = 0; // no interlace
  const plte = Buffer.from(palette.flatMap((rgb) => [...rgb]));
  // Each row: filter type 0 (None), then its pixels.
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("PLTE", plte),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The preview image of a loop whose waveform is `peaks` (null: none yet, a flat line). */
export function renderWaveformPng(peaks: readonly (readonly number[])[] | null): Buffer {
  const width = OG_IMAGE_WIDTH;
  const height = OG_IMAGE_HEIGHT;
  const pixels = new Uint8Array(width * height); // 0: background
  const middle = Math.floor(height / 2);
  pixels.fill(1, middle * width + MARGIN_X, middle * width + width - MARGIN_X);
  const heights = barHeights(peaks);
  const span = BARS * (BAR_WIDTH + BAR_GAP) - BAR_GAP;
  const left = Math.floor((width - span) / 2);
  heights.forEach((value, bar) => {
    const half = Math.max(2, Math.round(value * MAX_HALF_HEIGHT));
    const x0 = left + bar * (BAR_WIDTH + BAR_GAP);
    const colour = 2 + Math.round((bar / Math.max(1, BARS - 1)) * (GRADIENT_STEPS - 1));
    for (let y = middle - half; y <= middle + half; y++) pixels.fill(colour, y * width + x0, y * width + x0 + BAR_WIDTH);
  });
  return encodePalettePng(width, height, PALETTE, pixels);
}
