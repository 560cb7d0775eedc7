/**
 * Client-side checks of the Upload dialog (docs/product.md#upload-dialog), with the same rules and messages as the
 * server: the file's size and type before any byte is sent, then the shared field schema.
 * The server still judges the bytes (a renamed text file passes here and is refused there).
 */
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, uploadLoopFieldsSchema } from "@loop/rules/schemas/loops";

export const ACCEPTED_EXTENSIONS = [".mp3", ".wav", ".flac", ".m4a", ".aac", ".ogg", ".oga"] as const;
export const ACCEPTED_MIME_TYPES = [
  "audio/mpeg",
  "audio/mp3",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/vnd.wave",
  "audio/flac",
  "audio/x-flac",
  "audio/mp4",
  "audio/m4a",
  "audio/x-m4a",
  "audio/aac",
  "audio/x-aac",
  "audio/aacp",
  "audio/ogg",
  "application/ogg",
] as const;

/** The `accept` attribute of the file input. */
export const FILE_ACCEPT = [...ACCEPTED_EXTENSIONS, ...ACCEPTED_MIME_TYPES].join(",");

/** The file's refusal message, or null when it may be sent. Type by MIME type or extension (docs/product.md#upload-dialog). */
export function checkAudioFile(file: Pick<File, "name" | "size" | "type">): string | null {
  const name = file.name.toLowerCase();
  const typeOk =
    (ACCEPTED_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase()) || ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk) return UPLOAD_MESSAGES.invalidType;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return "Empty File: The selected file is empty.";
  return null;
}

export type ContentType = "loop" | "track";

/** The form's values, as typed (every value a string, as the multipart fields travel). */
export interface UploadFormValues {
  title: string;
  description: string;
  genreId: string;
  price: string;
  isFree: boolean;
  bpm: string;
  key: string;
  tags: string;
  contentType: ContentType;
  artistName: string;
  albumName: string;
  releaseDate: string;
  lyrics: string;
}

/** docs/product.md#upload-dialog defaults: price 0.00, BPM 120, content type loop, not free. */
export const DEFAULT_UPLOAD_VALUES: UploadFormValues = {
  title: "",
  description: "",
  genreId: "",
  price: "0.00",
  isFree: false,
  bpm: "120",
  key: "",
  tags: "",
  contentType: "loop",
  artistName: "",
  albumName: "",
  releaseDate: "",
  lyrics: "",
};

export type UploadField = keyof UploadFormValues | "file" | "form";

export interface UploadError {
  field: UploadField;
  message: string;
}

const TRACK_FIELDS = ["artistName", "albumName", "releaseDate", "lyrics"] as const;

/**
 * The multipart text fields: what the dialog sends. A free loop's price is sent as 0.00; the
 * track-only fields only for a track, when filled in (the schema refuses them on a loop, so
 * switching a filled-in track back to a loop drops them).
 */
export function toUploadFields(values: UploadFormValues): Record<string, string> {
  const fields: Record<string, string> = {
    title: values.title,
    description: values.description,
    genreId: values.genreId,
    price: values.isFree ? "0.00" : values.price,
    isFree: String(values.isFree),
    bpm: values.bpm,
    tags: values.tags,
    contentType: values.contentType,
  };
  if (values.key) fields.key = values.key;
  if (values.contentType === "track") for (const name of TRACK_FIELDS) if (values[name].trim()) fields[name] = values[name];
  return fields;
}

/** The first refusal of the form, in the order the spec lists them (file, title, genre, …), or null. */
export function validateUpload(file: File | null, values: UploadFormValues): UploadError | null {
  if (!file) return { field: "file", message: UPLOAD_MESSAGES.noFile };
  const fileError = checkAudioFile(file);
  if (fileError) return { field: "file", message: fileError };
  return validateUploadFields(toUploadFields(values));
}

const FIELD_NAMES = new Set<string>(Object.keys(DEFAULT_UPLOAD_VALUES));

/** Runs the shared schema on the text fields; the first issue, mapped to its field. */
export function validateUploadFields(fields: Record<string, string>): UploadError | null {
  const parsed = uploadLoopFieldsSchema.safeParse(fields);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) return null;
  const path = issue.path[0];
  const field = typeof path === "string" && FIELD_NAMES.has(path) ? (path as UploadField) : "form";
  return { field, message: issue.message };
}
