// How much audio and memory one upload may use. A few MB of FLAC or Ogg can hold hours of silence
// (a 6-hour file would become a ~3.8 GB WAV), so the length is capped by content type and the
// decode stops as soon as the cap is passed; the worker thread's memory has a bound of its own.
import { AUDIO_TOO_LONG_MESSAGES, MAX_AUDIO_SECONDS } from "@loop/rules/schemas/loops";

export interface AudioLimits {
  /** Longest audio processed: a header that declares more is refused before decoding, decoded audio past it at once. */
  maxSeconds: number;
  /** The failure reason when the audio is longer. */
  tooLong: string;
}

export function audioLimits(contentType: keyof typeof MAX_AUDIO_SECONDS): AudioLimits {
  return { maxSeconds: MAX_AUDIO_SECONDS[contentType], tooLong: AUDIO_TOO_LONG_MESSAGES[contentType] };
}

/**
 * Memory the audio worker thread may use (its V8 heap, ArrayBuffers and WASM memories, and the
 * process's resident memory above what it was when the thread started). Normal uploads and the
 * capped bombs stay far below (tens of MB); a 10-minute AAC decoded whole needs ~250-450 MB.
 */
export const AUDIO_MEMORY_LIMIT_MB = 768;
/** The V8 heap of the worker thread (samples live in ArrayBuffers, outside it). */
export const AUDIO_HEAP_LIMIT_MB = 256;

export const tooMuchMemory = (limitMb: number) =>
  `Cannot Process: decoding this file needs more than ${limitMb} MB of memory. Please upload it as MP3, WAV, FLAC or OGG.`;
