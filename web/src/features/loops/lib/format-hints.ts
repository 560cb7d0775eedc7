import type { DeliveryFormat } from "@loop/rules/schemas/downloads";

/**
 * The line under a format in the download menu and the format choices: the MP3's own bitrate (320
 * kbps when we encoded it, an MP3 upload's bitrate when it is delivered as uploaded), the WAV lossless.
 * No bitrate known (not processed yet): no hint.
 */
export function formatHint(format: DeliveryFormat, mp3Kbps: number | null): string {
  if (format === "wav") return "lossless";
  return mp3Kbps === null ? "" : `${mp3Kbps} kbps`;
}
