/**
 * The edit dialog's values, what of them changed (the PATCH body: only the changed fields) and which
 * field a refusal is about (the shared schema's messages).
 */
import { LOOP_EDIT_MESSAGES, type CreatorLoop, type LoopVisibility, UPLOAD_MESSAGES } from "@loop/rules/schemas/loops";
import { splitMessageTitle } from "@/components/ui/form-alert";
import type { LoopChanges } from "../api/update-loop";

export interface LoopEditValues {
  title: string;
  description: string;
  tags: string;
  genreId: string;
  /** The creator's BPM; "" while they set none (the detected one shows). */
  bpm: string;
  /** The creator's key; "" for the detected one. */
  key: string;
  contentType: CreatorLoop["contentType"];
  artistName: string;
  albumName: string;
  releaseDate: string;
  lyrics: string;
  price: string;
  isFree: boolean;
  visibility: LoopVisibility;
}

export type LoopEditField = keyof LoopEditValues;

const TRACK_FIELDS = ["artistName", "albumName", "releaseDate", "lyrics"] as const;

/** The form's values of a loop as it is (tags as "a, b"). */
export function editValuesOf(loop: CreatorLoop): LoopEditValues {
  return {
    title: loop.title,
    description: loop.description,
    tags: loop.tags.split(",").filter(Boolean).join(", "),
    genreId: String(loop.genreId),
    bpm: loop.bpm === null ? "" : String(loop.bpm),
    key: loop.key ?? "",
    contentType: loop.contentType,
    artistName: loop.artistName ?? "",
    albumName: loop.albumName ?? "",
    releaseDate: loop.releaseDate ?? "",
    lyrics: loop.lyrics ?? "",
    price: loop.price,
    isFree: loop.isFree,
    visibility: loop.visibility,
  };
}

const normalTags = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean)
    .join(",");

/**
 * The PATCH body: only what differs from `initial`. BPM and genre as numbers (`bpmRefusal` first); an
 * emptied key as null (back to the detected one); the track fields only for a track; the price unless
 * the loop is (made) free.
 */
export function changedFields(initial: LoopEditValues, values: LoopEditValues): LoopChanges {
  const changes: LoopChanges = {};
  if (values.title.trim() !== initial.title.trim()) changes.title = values.title;
  if (values.description.trim() !== initial.description.trim()) changes.description = values.description;
  if (normalTags(values.tags) !== normalTags(initial.tags)) changes.tags = values.tags;
  if (values.genreId !== initial.genreId) changes.genreId = Number(values.genreId);
  if (values.bpm.trim() !== initial.bpm) changes.bpm = Number(values.bpm.trim());
  if (values.key !== initial.key) changes.key = values.key === "" ? null : values.key;
  if (values.contentType !== initial.contentType) changes.contentType = values.contentType;
  if (values.contentType === "track") {
    for (const name of TRACK_FIELDS) if (values[name].trim() !== initial[name].trim()) changes[name] = values[name];
  }
  if (values.isFree !== initial.isFree) changes.isFree = values.isFree;
  if (!values.isFree && (values.price.trim() !== initial.price || values.isFree !== initial.isFree)) changes.price = values.price.trim();
  if (values.visibility !== initial.visibility) changes.visibility = values.visibility;
  return changes;
}

/** The BPM's message when a changed BPM is no whole number (JSON carries it as a number: the server judges the range). */
export function bpmRefusal(initial: LoopEditValues, values: LoopEditValues): string | null {
  const bpm = values.bpm.trim();
  return bpm !== initial.bpm && !/^\d{1,9}$/.test(bpm) ? UPLOAD_MESSAGES.bpm : null;
}

/** The refusals the shared schema gives each field (a field's other messages are found by their title below). */
const FIELD_OF_MESSAGE = new Map<string, LoopEditField>([
  [UPLOAD_MESSAGES.title, "title"],
  [UPLOAD_MESSAGES.genre, "genreId"],
  [UPLOAD_MESSAGES.price, "price"],
  [UPLOAD_MESSAGES.bpm, "bpm"],
  [UPLOAD_MESSAGES.key, "key"],
  [UPLOAD_MESSAGES.releaseDate, "releaseDate"],
  [UPLOAD_MESSAGES.contentType, "contentType"],
  [LOOP_EDIT_MESSAGES.artistName, "artistName"],
  [LOOP_EDIT_MESSAGES.albumName, "albumName"],
  [LOOP_EDIT_MESSAGES.lyrics, "lyrics"],
  [LOOP_EDIT_MESSAGES.visibility, "visibility"],
]);

/** The schema's messages that have no constant, by their title ("Invalid Title: at most 200 characters."). */
const FIELD_OF_TITLE = new Map<string, LoopEditField>([
  ["Invalid Title", "title"],
  ["Invalid Description", "description"],
  ["Invalid Tags", "tags"],
  ["Invalid isFree", "price"],
]);

/** The field a refusal is about, or null for a message of the whole form (shown as its alert). */
export function fieldOfMessage(message: string): LoopEditField | null {
  const title = splitMessageTitle(message).title;
  return FIELD_OF_MESSAGE.get(message) ?? (title === null ? null : (FIELD_OF_TITLE.get(title) ?? null));
}
