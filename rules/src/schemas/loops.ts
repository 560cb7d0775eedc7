/**
 * Loops: the upload form's fields (multipart text fields, so every value arrives as a string)
 * and the creator's view of a loop. Messages are `Title: explanation`, as the web app shows them.
 */
import { z } from "zod";

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MIN_BPM = 20;
export const MAX_BPM = 300;
/** Highest price accepted, in cents (1,000,000.00), so that it fits an integer column. */
export const MAX_PRICE_CENTS = 100_000_000;

export const UPLOAD_MESSAGES = {
  tooLarge: "File Too Large: Please select a file smaller than 50MB.",
  invalidType: "Invalid File Type: Please select an MP3, WAV, FLAC, M4A, AAC or OGG audio file.",
  noFile: "No File Selected: Please select an audio file to upload.",
  title: "Title Required: Please enter a title.",
  genre: "Genre Required: Please select a genre.",
  price: "Invalid Price: Price must be 0 or more, with at most 2 decimals.",
  bpm: `Invalid BPM: BPM must be a whole number from ${MIN_BPM} to ${MAX_BPM}.`,
  trackOnly: "Invalid Fields: Artist name, album name, release date and lyrics are for tracks only.",
  releaseDate: "Invalid Release Date: Use the form YYYY-MM-DD.",
  contentType: "Invalid Content Type: Choose loop or track.",
  key: "Invalid Key: Use a key such as 'A minor' or 'F# major'.",
} as const;

export const LOOP_CONTENT_TYPES = ["loop", "track"] as const;
export const LOOP_STATUSES = ["processing", "ready", "failed"] as const;
export const MUSICAL_KEY = /^[A-G][#b]? (major|minor)$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Price text ("12.5", "0.00") to integer cents. */
export function priceToCents(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

export function centsToPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The text fields of `POST /api/loops/upload` (besides the `audio` file). */
export const uploadLoopFieldsSchema = z
  .object({
    title: z.string({ error: UPLOAD_MESSAGES.title }).trim().min(1, UPLOAD_MESSAGES.title).max(200),
    description: z.string().trim().max(5000).default(""),
    genreId: z
      .string({ error: UPLOAD_MESSAGES.genre })
      .trim()
      .regex(/^[1-9]\d{0,8}$/, UPLOAD_MESSAGES.genre)
      .transform(Number),
    price: z
      .string()
      .default("0.00")
      .transform((text, ctx) => {
        const cents = priceToCents(text);
        if (cents === null) {
          ctx.addIssue({ code: "custom", message: UPLOAD_MESSAGES.price });
          return z.NEVER;
        }
        return cents;
      }),
    bpm: z
      .string()
      .trim()
      .default("120")
      .refine((text) => /^\d{1,3}$/.test(text) && Number(text) >= MIN_BPM && Number(text) <= MAX_BPM, UPLOAD_MESSAGES.bpm)
      .transform(Number),
    key: optionalText(20).refine((text) => text === undefined || MUSICAL_KEY.test(text), UPLOAD_MESSAGES.key),
    tags: z
      .string()
      .max(500)
      .default("")
      .transform((text) =>
        text
          .split(",")
          .map((tag) => tag.trim())
          .filter(Boolean)
          .join(","),
      ),
    isFree: z.enum(["true", "false"]).default("false").transform((text) => text === "true"),
    contentType: z.enum(LOOP_CONTENT_TYPES, { error: UPLOAD_MESSAGES.contentType }).default("loop"),
    artistName: optionalText(200),
    albumName: optionalText(200),
    releaseDate: optionalText(10).refine((text) => text === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text))), UPLOAD_MESSAGES.releaseDate),
    lyrics: optionalText(20_000),
  })
  .superRefine((fields, ctx) => {
    const trackFields = [fields.artistName, fields.albumName, fields.releaseDate, fields.lyrics];
    if (fields.contentType !== "track" && trackFields.some((value) => value !== undefined)) {
      ctx.addIssue({ code: "custom", message: UPLOAD_MESSAGES.trackOnly });
    }
  });

export type UploadLoopFields = z.output<typeof uploadLoopFieldsSchema>;

/** The creator's view of a loop (answer of the upload and of the status call). */
export const creatorLoopSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  price: z.string().regex(/^\d+\.\d{2}$/).describe("US dollars, exactly 2 decimals"),
  isFree: z.boolean(),
  duration: z.number().nonnegative().nullable().describe("Seconds, from the decoded samples; null until processed"),
  bpm: z.number().int().nullable().describe("The creator's BPM"),
  detectedBpm: z.number().int().nullable(),
  key: z.string().nullable().describe("The creator's key"),
  detectedKey: z.string().nullable(),
  genreId: z.number().int(),
  genre: z.object({ id: z.number().int(), name: z.string() }),
  tags: z.string().describe("Comma-separated"),
  contentType: z.enum(LOOP_CONTENT_TYPES),
  artistName: z.string().nullable(),
  albumName: z.string().nullable(),
  releaseDate: z.string().nullable().describe("YYYY-MM-DD"),
  lyrics: z.string().nullable(),
  isPublic: z.boolean(),
  status: z.enum(LOOP_STATUSES),
  failureReason: z.string().nullable(),
  downloadCount: z.number().int().nonnegative(),
  artefacts: z.object({ preview: z.boolean(), mp3: z.boolean(), wav: z.boolean(), peaks: z.boolean() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type CreatorLoop = z.infer<typeof creatorLoopSchema>;
