/**
 * Text of the My Loops table and the edit dialog (docs/product.md#units: USD with 2 decimals; LOOP
 * is shown by `LoopAmount`). Amounts arrive as decimal strings and are shown exactly.
 */
import type { CreatorLoop, LoopVisibility } from "@loop/rules/schemas/loops";
import type { LoopChange } from "@loop/rules/schemas/my-loops";
import { parseUsd } from "@loop/rules/units";
import { formatUsdCents } from "@/lib/loop-amounts";

export const VISIBILITY_LABELS: Record<LoopVisibility, string> = { public: "Public", unlisted: "Unlisted", private: "Private" };

/** What each visibility means, under its radio button. */
export const VISIBILITY_HINTS: Record<LoopVisibility, string> = {
  public: "In the catalog, search and your profile",
  unlisted: "Anyone with the link",
  private: "Only you",
};

export const STATUS_LABELS: Record<CreatorLoop["status"], string> = {
  processing: "Processing",
  ready: "Ready",
  failed: "Failed",
  hidden: "Hidden",
  removed: "Taken down",
};

/** "12.5" → "$12.50" (a malformed value is shown as given, after "$"). */
export function usdText(text: string): string {
  const cents = parseUsd(text);
  return cents === null ? `$${text}` : formatUsdCents(cents);
}

/** The listing's price: "Free", or "$4.99". */
export function priceText(loop: Pick<CreatorLoop, "price" | "isFree">): string {
  return loop.isFree ? "Free" : usdText(loop.price);
}

export const HISTORY_FIELD_LABELS: Record<LoopChange["field"], string> = {
  title: "Title",
  description: "Description",
  tags: "Tags",
  genre: "Genre",
  bpm: "BPM",
  key: "Key",
  price: "Price",
  visibility: "Visibility",
  contentType: "Type",
  artistName: "Artist",
  albumName: "Album",
  releaseDate: "Release date",
  lyrics: "Lyrics",
  status: "Status",
};

/** A value of the history as shown: a price as "$4.99", a visibility or a status by its label, "none" for no value. */
export function historyValue(field: LoopChange["field"], value: string | null): string {
  if (value === null || value === "") return "none";
  if (field === "price") return usdText(value);
  if (field === "visibility" && value in VISIBILITY_LABELS) return VISIBILITY_LABELS[value as LoopVisibility];
  if (field === "status" && value in STATUS_LABELS) return STATUS_LABELS[value as CreatorLoop["status"]];
  if (field === "contentType") return value === "track" ? "Track" : value === "loop" ? "Loop" : value;
  return value;
}

/** "1 loop", "3 loops". */
export function loopCount(count: number): string {
  return `${count} ${count === 1 ? "loop" : "loops"}`;
}
