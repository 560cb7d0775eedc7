/** Display rules of a loop (docs/product.md#loop-card): exact cents, m:ss, the artist's name, a format's hint. */
import { priceToCents } from "@loop/rules/catalog";
import { groupDigits } from "@loop/rules/format-en-us";
import type { DeliveryFormat } from "@loop/rules/schemas/downloads";

/**
 * A loop's price for the card: "FREE" for free loops, otherwise exact dollars and cents ("$4.99",
 * "$1,250.00"). Integer cents only, never floats; a malformed price is shown as given.
 */
export function formatLoopPrice(loop: { price: string; isFree: boolean }): string {
  if (loop.isFree) return "FREE";
  const cents = priceToCents(loop.price);
  if (cents === null) return `$${loop.price}`;
  return `$${groupDigits(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

/** Seconds as m:ss (rounded to the nearest second); "0:00" for unknown or negative values. */
export function formatDuration(seconds: number | null | undefined): string {
  const whole = seconds && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** A playback position as m:ss, rounded down (the clock shows a second once it has passed). */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * The artist shown after "by": first name, else e-mail (the API gives it only for the viewer's own
 * loops), else username, else 'Unknown Artist' (spec order, with the username added: see
 * docs/decisions.md).
 */
export function artistName(user: { firstName: string | null; email: string | null; username: string | null } | null | undefined): string {
  return user?.firstName?.trim() || user?.email?.trim() || user?.username?.trim() || "Unknown Artist";
}

/** An average rating with one decimal ("4.5"). */
export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/**
 * The line under a format in the download menu and the format choices: the MP3's own bitrate (320
 * kbps when we encoded it, an MP3 upload's bitrate when it is delivered as uploaded), the WAV lossless.
 * No bitrate known (not processed yet): no hint.
 */
export function formatHint(format: DeliveryFormat, mp3Kbps: number | null): string {
  if (format === "wav") return "lossless";
  return mp3Kbps === null ? "" : `${mp3Kbps} kbps`;
}
