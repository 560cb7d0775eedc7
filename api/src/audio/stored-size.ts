// What the files made from an upload take in storage (the member's quota counts them with the
// original: docs/decisions.md, issue 35): a 16-bit WAV at the stored rate, the MP3 delivered (320 kbps,
// or an MP3 upload's own bytes), the 30-s 128 kbps preview and the waveform peaks. Predicted from
// the header before any decoding (the upload is refused at once when they would not fit), and
// counted as they are written (./pipeline.ts stops when they pass the room the member has left).
import { MAX_DERIVED_SAMPLE_RATE } from "@loop/rules/schemas/loops";
import type { HeaderFacts } from "./header-probe";
import type { AudioFormat } from "./sniff";

/** The rate of the stored files: the source's up to 48 kHz; above, 44.1 kHz for a multiple of 11.025 kHz (88.2 kHz), else 48 kHz. */
export function derivedSampleRate(sourceRate: number): number {
  if (sourceRate <= MAX_DERIVED_SAMPLE_RATE) return sourceRate;
  return sourceRate % 11025 === 0 ? 44100 : MAX_DERIVED_SAMPLE_RATE;
}

/** The longest MP3 frame (320 kbps at 32 kHz, or 160 kbps at 8 kHz): room for encoder delay, padding and the Info frame. */
const MP3_FRAME_MAX = 1441;
const MP3_OVERHEAD = 4 * MP3_FRAME_MAX;
const WAV_HEADER = 44;
/** Bytes per second of our MP3 encode (320 kbps) and of the preview (128 kbps). */
const DELIVERY_BYTES_PER_SECOND = 320_000 / 8;
const PREVIEW_BYTES_PER_SECOND = 128_000 / 8;
const PREVIEW_SECONDS = 30;
/** 800 [min, max] pairs of at most 4 decimals as JSON: under 15 KB. */
export const PEAKS_BYTES_MAX = 16 * 1024;
/** Predictions are rounded up by this much (the encoders' frames; what the decode check allows past them). */
const PREDICTION_SLACK = 64 * 1024;

export const wavBytes = (frames: number, channels: number) => WAV_HEADER + frames * channels * 2;
export const previewBytes = (seconds: number) => Math.ceil(Math.min(seconds, PREVIEW_SECONDS) * PREVIEW_BYTES_PER_SECOND) + MP3_OVERHEAD;
export const encodedMp3Bytes = (seconds: number) => Math.ceil(seconds * DELIVERY_BYTES_PER_SECOND) + MP3_OVERHEAD;

export interface PredictionContext {
  format: AudioFormat;
  /** The upload's size (an MP3 upload is delivered as it is: its copy takes as much). */
  originalBytes: number;
  /** Longest audio processed for the loop's content type: a longer file is refused before it is decoded. */
  maxSeconds: number;
}

/** A length within this much of the cap is processed (./pipeline.ts, DECLARED_SLACK_SECONDS). */
const DECLARED_SLACK_SECONDS = 1;

/**
 * Bytes the files made from an upload will take, from what its header says; 0 when the header does not
 * tell its length or rate (decoding tells: ./pipeline.ts) or when it declares more than the cap (it is
 * refused before decoding).
 */
export function predictDerivedBytes(facts: HeaderFacts, context: PredictionContext): number {
  const { seconds, sampleRate } = facts;
  if (seconds === null || sampleRate === null || !(seconds > 0) || !(sampleRate > 0)) return 0;
  if (seconds > context.maxSeconds + DECLARED_SLACK_SECONDS) return 0;
  const channels = Math.min(facts.channels ?? 2, 2);
  const frames = Math.ceil(seconds * derivedSampleRate(sampleRate));
  const mp3 = context.format === "mp3" ? context.originalBytes : encodedMp3Bytes(seconds);
  return wavBytes(frames, channels) + mp3 + previewBytes(seconds) + PEAKS_BYTES_MAX + PREDICTION_SLACK;
}
