/**
 * Loops: the upload form's fields (multipart text fields, so every value arrives as a string)
 * and the creator's view of a loop. Messages are `Title: explanation`, as the web app shows them.
 */
import { z } from "zod";
import { normalizeTags, wholeNumber } from "./fields";
import { DELIVERY_FORMATS } from "./downloads";
import {
  centsToPrice,
  LOOP_LIST_DEFAULT_LIMIT,
  LOOP_LIST_MAX_LIMIT,
  LOOP_TOTAL_CAP,
  MAX_PRICE_CENTS,
  MUSICAL_KEY,
  priceToCents,
} from "../catalog";

// Zod-free, in ../catalog so that the pages that only show loops load no schema; named here too.
export { centsToPrice, LOOP_LIST_DEFAULT_LIMIT, LOOP_LIST_MAX_LIMIT, LOOP_TOTAL_CAP, MAX_PRICE_CENTS, MUSICAL_KEY, priceToCents };

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MIN_BPM = 20;
export const MAX_BPM = 300;
/**
 * Longest audio processed, in seconds, by content type: a header that declares more is refused at
 * once, and decoding stops as soon as the decoded audio passes it (the loop ends failed).
 */
export const MAX_AUDIO_SECONDS = { loop: 10 * 60, track: 30 * 60 } as const;
/** The failure reason of a loop whose audio is longer (the spec has no text; docs/decisions.md, issue 18). */
export const AUDIO_TOO_LONG_MESSAGES = {
  loop: `Too Long: A loop may be at most ${MAX_AUDIO_SECONDS.loop / 60} minutes long. Upload longer music as a track (up to ${MAX_AUDIO_SECONDS.track / 60} minutes).`,
  track: `Too Long: A track may be at most ${MAX_AUDIO_SECONDS.track / 60} minutes long.`,
} as const;

/**
 * Highest sample rate accepted (a music marketplace needs no more), and the highest rate of the files
 * made from an upload (WAV, MP3, preview): a source above it is resampled, to 44.1 kHz from 88.2 kHz,
 * to 48 kHz otherwise (docs/decisions.md, issue 35).
 */
export const MAX_SOURCE_SAMPLE_RATE = 96_000;
export const MAX_DERIVED_SAMPLE_RATE = 48_000;

/** 96000 → "96 kHz", 88200 → "88.2 kHz", 44100 → "44.1 kHz". */
function formatSampleRate(hz: number): string {
  return `${Math.round(hz / 100) / 10} kHz`;
}

/** 400 at upload (or the failure reason when only decoding tells) for audio above MAX_SOURCE_SAMPLE_RATE. */
export function sampleRateTooHighMessage(sampleRate: number): string {
  return `Sample Rate Too High: This file is ${formatSampleRate(sampleRate)}; please upload audio at ${formatSampleRate(MAX_SOURCE_SAMPLE_RATE)} or less.`;
}

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

const MIB = 1024 * 1024;

/** 52428800 → "50 MB", 2147483648 → "2 GB", 1610612736 → "1.5 GB" (binary units, as the spec's 50MB). */
export function formatStorageSize(bytes: number): string {
  const [size, unit] = bytes >= 1024 * MIB ? [bytes / (1024 * MIB), "GB"] : [bytes / MIB, "MB"];
  return `${Number.isInteger(size) ? size : Math.floor(size * 10) / 10} ${unit}`;
}

/** 30 → "30 seconds", 61 → "2 minutes", 3600 → "60 minutes" (rounded up: never too early). */
function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} second${Math.ceil(seconds) <= 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** 429 to a member who made `limit` uploads in the last hour (platform setting `uploadsPerHour`). */
export function uploadRateLimitMessage(limit: number, retryAfterSeconds: number): string {
  return `Upload Limit Reached: You can upload ${limit} file${limit === 1 ? "" : "s"} per hour. Try again in ${formatWait(retryAfterSeconds)}.`;
}

/** The quota's figures, shared by its refusals: the originals and the files made from them count (platform setting `uploadQuotaMb`). */
const quotaFigures = (quotaBytes: number, usedBytes: number) =>
  `Storage Quota Reached: Your uploads and the files made from them may take up to ${formatStorageSize(quotaBytes)} in total and already take ${formatStorageSize(usedBytes)}`;

/** 413 when a file does not fit the room left in the member's storage quota (before or while it is received). */
export function storageQuotaMessage(quotaBytes: number, usedBytes: number): string {
  return `${quotaFigures(quotaBytes, usedBytes)}, so this file does not fit.`;
}

/** 413 once the file is received, when it and the files predicted from its header (WAV, MP3, preview) would pass the quota. */
export function storageQuotaNeedMessage(quotaBytes: number, usedBytes: number, neededBytes: number): string {
  return `${quotaFigures(quotaBytes, usedBytes)}; this file and the WAV, MP3 and preview made from it would take ${formatStorageSize(neededBytes)}.`;
}

/** The failure reason of a loop whose files, counted while they are made, would pass the room left (the header did not tell). */
export function storageQuotaProcessingMessage(quotaBytes: number, usedBytes: number, roomBytes: number): string {
  return `${quotaFigures(quotaBytes, usedBytes)}; the WAV, MP3 and preview made from this upload would take more than the ${formatStorageSize(roomBytes)} left.`;
}

export const LOOP_CONTENT_TYPES = ["loop", "track"] as const;
export const LOOP_STATUSES = ["processing", "ready", "failed", "hidden", "removed"] as const;

/**
 * Who reaches a loop (issue 37): public (the catalog, search, profiles), unlisted (anyone with its
 * link: its page, preview and sale; listed nowhere) or private (its creator only).
 */
export const LOOP_VISIBILITIES = ["public", "unlisted", "private"] as const;
export type LoopVisibility = (typeof LOOP_VISIBILITIES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

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
    tags: z.string().max(500).default("").transform(normalizeTags),
    isFree: z
      .enum(["true", "false"])
      .default("false")
      .transform((text) => text === "true"),
    contentType: z.enum(LOOP_CONTENT_TYPES, { error: UPLOAD_MESSAGES.contentType }).default("loop"),
    artistName: optionalText(200),
    albumName: optionalText(200),
    releaseDate: optionalText(10).refine(
      (text) => text === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text))),
      UPLOAD_MESSAGES.releaseDate,
    ),
    lyrics: optionalText(20_000),
  })
  .superRefine((fields, ctx) => {
    const trackFields = [fields.artistName, fields.albumName, fields.releaseDate, fields.lyrics];
    if (fields.contentType !== "track" && trackFields.some((value) => value !== undefined)) {
      ctx.addIssue({ code: "custom", message: UPLOAD_MESSAGES.trackOnly });
    }
  });

export type UploadLoopFields = z.output<typeof uploadLoopFieldsSchema>;

/** Fields every view of a loop shares (the API's commonLoopFields in features/loops/loop.view.ts). */
const loopFields = {
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  price: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .describe("US dollars, exactly 2 decimals"),
  isFree: z.boolean(),
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
  downloadCount: z.number().int().nonnegative(),
  createdAt: z.string(),
};

/** The creator's view of a loop (answer of the upload and of the status call). */
export const creatorLoopSchema = z.object({
  ...loopFields,
  duration: z.number().nonnegative().nullable().describe("Seconds, from the decoded samples; null until processed"),
  bpm: z.number().int().nullable().describe("The creator's BPM"),
  detectedBpm: z.number().int().nullable(),
  key: z.string().nullable().describe("The creator's key"),
  detectedKey: z.string().nullable(),
  failureReason: z.string().nullable(),
  hiddenReason: z.string().nullable().describe("Why a moderator hid the loop (status hidden); null otherwise"),
  artefacts: z.object({ preview: z.boolean(), mp3: z.boolean(), wav: z.boolean(), peaks: z.boolean() }),
  visibility: z.enum(LOOP_VISIBILITIES),
  updatedAt: z.string(),
});

export type CreatorLoop = z.infer<typeof creatorLoopSchema>;

// ---- The catalog: GET /api/loops, GET /api/loops/:id ------------------------------------------

export const LOOP_SORTS = ["popular", "recent", "price_asc", "price_desc", "rating", "likes"] as const;
export type LoopSort = (typeof LOOP_SORTS)[number];
/** The spec's sort names are popular, recent, price and rating: `price` alone sorts cheapest first. */
export const LOOP_SORT_PRICE = "price";
export const DURATION_BANDS = ["short", "medium", "long"] as const;
/** Duration bands in ms: short < 30 s, medium 30–60 s (inclusive), long > 60 s. */
export const DURATION_BAND_MS = { short: { lt: 30_000 }, medium: { gte: 30_000, lte: 60_000 }, long: { gt: 60_000 } } as const;

const GENRE_ID = /^[1-9]\d{0,8}$/;
const WHOLE = /^\d{1,9}$/;

const priceFilter = (name: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === "") return undefined;
      const cents = priceToCents(text);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: `Invalid ${name}: use US dollars with at most 2 decimals.` });
        return z.NEVER;
      }
      return cents;
    });

const wholeFilter = (name: string, max: number) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === "") return undefined;
      if (!WHOLE.test(text.trim()) || Number(text) > max) {
        ctx.addIssue({ code: "custom", message: `Invalid ${name}: use a whole number from 0 to ${max}.` });
        return z.NEVER;
      }
      return Number(text);
    });

/** The tag filter of `GET /api/loops`: at most this many tags, each at most this long. */
export const MAX_TAG_FILTERS = 10;
export const MAX_TAG_FILTER_LENGTH = 50;
export const TAG_FILTER_MESSAGE = `Invalid tags: at most ${MAX_TAG_FILTERS} tags of at most ${MAX_TAG_FILTER_LENGTH} characters, comma-separated.`;

/** The query of `GET /api/loops` (query strings: every value arrives as text). */
export const loopListQuerySchema = z
  .object({
    genreId: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe("One or several genre ids: repeated (`genreId=1&genreId=2`) or comma-separated")
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const ids = (Array.isArray(value) ? value : [value])
          .flatMap((part) => part.split(","))
          .map((part) => part.trim())
          .filter(Boolean);
        if (ids.length === 0) return undefined;
        if (ids.length > 50 || ids.some((id) => !GENRE_ID.test(id))) {
          ctx.addIssue({ code: "custom", message: "Invalid genreId: use genre ids (whole numbers)." });
          return z.NEVER;
        }
        return [...new Set(ids.map(Number))];
      }),
    search: z
      .string()
      .max(200, "Invalid search: at most 200 characters.")
      .optional()
      .describe("Case-insensitive, in title, description and tags (substring)")
      .transform((text) => text?.trim() || undefined),
    isFree: z.enum(["true", "false"], { error: "Invalid isFree: use true or false." }).optional().describe("`true`: free loops only"),
    priceMin: priceFilter("priceMin").describe("US dollars"),
    priceMax: priceFilter("priceMax").describe("US dollars"),
    duration: z
      .enum(DURATION_BANDS, { error: "Invalid duration: use short, medium or long." })
      .optional()
      .describe("short < 30 s, medium 30–60 s, long > 60 s"),
    bpmMin: wholeFilter("bpmMin", 1000),
    bpmMax: wholeFilter("bpmMax", 1000),
    key: z
      .string()
      .optional()
      .refine((text) => text === undefined || MUSICAL_KEY.test(text), UPLOAD_MESSAGES.key)
      .describe("e.g. `A minor`: the creator's key, else the detected one, under any spelling of its tonic (`Eb minor` finds `D# minor`)"),
    relativeKey: z
      .enum(["true", "false"], { error: "Invalid relativeKey: use true or false." })
      .optional()
      .transform((text) => text === "true")
      .describe("`true`: with `key`, its relative major or minor too (`A minor` finds `C major`)"),
    tags: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe(`Loops having every one of these tags (whole tags, any case): repeated or comma-separated, at most ${MAX_TAG_FILTERS}`)
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const tags = (Array.isArray(value) ? value : [value])
          .flatMap((part) => part.split(","))
          .map((tag) => tag.trim().toLowerCase())
          .filter(Boolean);
        if (tags.length === 0) return undefined;
        if (tags.length > MAX_TAG_FILTERS || tags.some((tag) => tag.length > MAX_TAG_FILTER_LENGTH)) {
          ctx.addIssue({ code: "custom", message: TAG_FILTER_MESSAGE });
          return z.NEVER;
        }
        return [...new Set(tags)].sort();
      }),
    contentType: z.enum(LOOP_CONTENT_TYPES, { error: UPLOAD_MESSAGES.contentType }).optional(),
    userId: z.uuid({ error: "Invalid userId." }).optional().describe("The creator"),
    sortBy: z
      .enum([...LOOP_SORTS, LOOP_SORT_PRICE], { error: `Invalid sortBy: use ${[...LOOP_SORTS, LOOP_SORT_PRICE].join(", ")}.` })
      .default("recent")
      .transform((sort): LoopSort => (sort === LOOP_SORT_PRICE ? "price_asc" : sort))
      .describe(
        "popular: downloads + purchases; rating: highest average first, unrated last; likes: most liked first; price: the same as price_asc",
      ),
    following: z
      .enum(["true", "false"], { error: "Invalid following: use true or false." })
      .optional()
      .transform((text) => text === "true")
      .describe("`true`: only loops of creators the signed-in viewer follows, newest first (401 signed out; sortBy must be recent)"),
    limit: wholeFilter("limit", LOOP_LIST_MAX_LIMIT)
      .refine((value) => value === undefined || value >= 1, `Invalid limit: use a whole number from 1 to ${LOOP_LIST_MAX_LIMIT}.`)
      .transform((value) => value ?? LOOP_LIST_DEFAULT_LIMIT)
      .describe(`Default ${LOOP_LIST_DEFAULT_LIMIT}, at most ${LOOP_LIST_MAX_LIMIT}`),
    offset: wholeFilter("offset", 1_000_000)
      .transform((value) => value ?? 0)
      .describe("Default 0"),
    after: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,400}$/, "Invalid after: use the nextCursor of a page of the same sort.")
      .optional()
      .describe("The `nextCursor` of the previous page (same filters and sort): the page after it (keyset paging; instead of `offset`)"),
  })
  .refine((query) => query.after === undefined || query.offset === 0, { message: "Invalid after: use after or offset, not both." });

export type LoopListQuery = z.output<typeof loopListQuerySchema>;

/** A loop as anyone may see it (the creator also gets `status` of their own unfinished loops). */
export const publicLoopSchema = z.object({
  ...loopFields,
  isPurchased: z.boolean().describe("The viewer bought this loop (any format)"),
  purchasedFormats: z.array(z.enum(DELIVERY_FORMATS)).describe("The formats the viewer owns (bought, not refunded); empty signed out"),
  duration: z.number().nonnegative().nullable().describe("Seconds"),
  bpm: z.number().int().nullable().describe("The creator's BPM, else the detected one"),
  key: z.string().nullable().describe("The creator's key, else the detected one"),
  audioFileUrl: z.string().nullable().describe("The 30 s MP3 preview; null until processed"),
  peaksUrl: z.string().nullable().describe("The waveform peaks (JSON); null until processed"),
  mp3Kbps: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe(
      "Bitrate of the MP3 download in kbps: 320 when we encoded it, an MP3 upload's own bitrate (delivered as uploaded; VBR: its average); null until processed",
    ),
  averageRating: z.number().nullable().describe("Average of the ratings, 1 decimal; null: there are no ratings yet"),
  totalRatings: z.number().int().nonnegative(),
  myRating: z.number().int().min(1).max(5).nullable().describe("The viewer's own rating; null when signed out or not rated"),
  canRate: z.boolean().describe("The viewer may rate it: they bought or downloaded it and are not its creator"),
  likeCount: z.number().int().nonnegative().describe("Members who like the loop (counted on write)"),
  likedByMe: z.boolean().describe("The viewer likes it; false signed out"),
  user: z.object({
    id: z.uuid(),
    username: z.string(),
    firstName: z.string().nullable(),
    email: z.string().nullable().describe("Only the viewer's own e-mail; null otherwise"),
  }),
});

export type PublicLoop = z.infer<typeof publicLoopSchema>;

export const loopListResponseSchema = z.object({
  loops: z.array(publicLoopSchema),
  total: z
    .number()
    .int()
    .nonnegative()
    .describe(`Matches, counted exactly up to ${"`LOOP_TOTAL_CAP`"} (1,000); at or past it a lower bound`),
  nextCursor: z.string().nullable().describe("Pass as `after` for the next page; null when this page is the last"),
});
export type LoopListResponse = z.infer<typeof loopListResponseSchema>;

/** GET /api/loops/:id/peaks: the waveform, `points` pairs of [min, max] in -1..1. */
export const loopPeaksSchema = z.object({ points: z.number().int().nonnegative(), peaks: z.array(z.array(z.number())) });

// ---- Similar loops: GET /api/loops/:id/similar (a loop's page, issue 36) -----------------------

/** How many similar loops a loop's page shows. */
export const SIMILAR_LOOPS_LIMIT = 8;

/** How far a similar loop's BPM may be from the loop's: ±5, or ±6% when that is more (±7 at 120, ±10 at 170). */
export function similarBpmWindow(bpm: number): number {
  return Math.max(5, Math.round((bpm * 6) / 100));
}

/**
 * GET /api/loops/:id/similar: ready, public loops of the same genre, BPM within similarBpmWindow and
 * the same or the relative key (rules/src/musical-keys.ts), the loop itself left out, closest first.
 */
export const similarLoopsResponseSchema = z.object({ loops: z.array(publicLoopSchema).max(SIMILAR_LOOPS_LIMIT) });
export type SimilarLoopsResponse = z.infer<typeof similarLoopsResponseSchema>;

// ---- Editing a loop: PATCH /api/loops/:id ------------------------------------------------------

const priceInput = z.union([z.string(), z.number()], { error: UPLOAD_MESSAGES.price }).transform((value, ctx) => {
  const cents =
    typeof value === "number" ? (Number.isFinite(value) && value >= 0 ? priceToCents(String(value)) : null) : priceToCents(value);
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: UPLOAD_MESSAGES.price });
    return z.NEVER;
  }
  return cents;
});

/**
 * The JSON body of `PATCH /api/loops/:id` (the creator edits the listing): every field optional,
 * checked with the upload's rules and messages. `price` is US dollars (text or number); `key: null`
 * clears the creator's key (the detected one shows again).
 */
const trackText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .transform((text) => text || null)
    .nullable()
    .optional();

export const LOOP_EDIT_MESSAGES = {
  visibility: "Invalid Visibility: use public, unlisted or private.",
  visibilityBoth: "Invalid Visibility: send visibility or isPublic, not both.",
  artistName: "Invalid Artist Name: at most 200 characters.",
  albumName: "Invalid Album Name: at most 200 characters.",
  lyrics: "Invalid Lyrics: at most 20,000 characters.",
  notFailed: "Cannot Retry: Only an upload whose processing failed can be processed again.",
  notYours: "Not Your Loop: Only its creator can change this loop.",
} as const;

export const updateLoopSchema = z
  .object({
    isPublic: z
      .boolean({ error: "Invalid Visibility: isPublic must be true or false." })
      .optional()
      .describe("true: public; false: private"),
    visibility: z.enum(LOOP_VISIBILITIES, { error: LOOP_EDIT_MESSAGES.visibility }).optional(),
    contentType: z.enum(LOOP_CONTENT_TYPES, { error: UPLOAD_MESSAGES.contentType }).optional(),
    artistName: trackText(200, LOOP_EDIT_MESSAGES.artistName).describe("Tracks only; null or empty clears it"),
    albumName: trackText(200, LOOP_EDIT_MESSAGES.albumName).describe("Tracks only; null or empty clears it"),
    releaseDate: z
      .string({ error: UPLOAD_MESSAGES.releaseDate })
      .trim()
      .refine((text) => text === "" || (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text))), UPLOAD_MESSAGES.releaseDate)
      .transform((text) => text || null)
      .nullable()
      .optional()
      .describe("YYYY-MM-DD, tracks only; null or empty clears it"),
    lyrics: trackText(20_000, LOOP_EDIT_MESSAGES.lyrics).describe("Tracks only; null or empty clears it"),
    title: z
      .string({ error: UPLOAD_MESSAGES.title })
      .trim()
      .min(1, UPLOAD_MESSAGES.title)
      .max(200, "Invalid Title: at most 200 characters.")
      .optional(),
    description: z
      .string({ error: "Invalid Description: at most 5000 characters." })
      .trim()
      .max(5000, "Invalid Description: at most 5000 characters.")
      .optional(),
    price: priceInput.optional().describe("US dollars, at most 2 decimals, >= 0"),
    isFree: z.boolean({ error: "Invalid isFree: use true or false." }).optional().describe("true sets the price to 0"),
    genreId: wholeNumber(1, 999_999_999, UPLOAD_MESSAGES.genre).optional(),
    bpm: wholeNumber(MIN_BPM, MAX_BPM, UPLOAD_MESSAGES.bpm).optional(),
    key: z
      .string({ error: UPLOAD_MESSAGES.key })
      .trim()
      .refine((text) => text === "" || MUSICAL_KEY.test(text), UPLOAD_MESSAGES.key)
      .transform((text) => text || null)
      .nullable()
      .optional()
      .describe("e.g. `A minor`; null or empty clears it"),
    tags: z
      .string({ error: "Invalid Tags: at most 500 characters, comma-separated." })
      .max(500, "Invalid Tags: at most 500 characters, comma-separated.")
      .transform(normalizeTags)
      .optional()
      .describe("Comma-separated"),
  })
  .refine((body) => body.isPublic === undefined || body.visibility === undefined, { message: LOOP_EDIT_MESSAGES.visibilityBoth });

export type UpdateLoopInput = z.input<typeof updateLoopSchema>;
export type UpdateLoop = z.output<typeof updateLoopSchema>;
