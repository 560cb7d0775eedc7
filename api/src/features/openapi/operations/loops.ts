import {
  bulkLoopsRequestSchema,
  bulkLoopsResponseSchema,
  loopHistorySchema,
  MY_LOOPS_MESSAGES,
  myLoopsPageSchema,
  myLoopsQuerySchema,
} from "@loop/rules/schemas/my-loops";
import {
  creatorLoopSchema,
  LOOP_EDIT_MESSAGES,
  loopListQuerySchema,
  loopListResponseSchema,
  loopPeaksSchema,
  MAX_BPM,
  MIN_BPM,
  publicLoopSchema,
  SIMILAR_LOOPS_LIMIT,
  similarLoopsResponseSchema,
  updateLoopSchema,
} from "@loop/rules/schemas/loops";
import { z } from "zod";
import { banned, bodyTooLarge, crossSiteOrBanned, failure, json, loopNotFound, loopRemoved, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

/** The multipart form of POST /api/loops/upload (text fields are checked by uploadLoopFieldsSchema). */
const uploadLoopForm = z.object({
  audio: z
    .string()
    .meta({ format: "binary" })
    .describe("The audio file, at most 50 MB: MP3, WAV, FLAC, M4A/AAC or OGG, judged from its bytes"),
  title: z.string().describe("Required (trimmed)"),
  genreId: z.string().describe("Id of a genre (GET /api/genres)"),
  description: z.string().optional(),
  price: z.string().optional().describe("US dollars, at most 2 decimals, >= 0; default 0.00"),
  bpm: z.string().optional().describe(`Whole number ${MIN_BPM}–${MAX_BPM}; default 120`),
  key: z.string().optional().describe("e.g. `A minor`, `F# major`"),
  tags: z.string().optional().describe("Comma-separated"),
  isFree: z.enum(["true", "false"]).optional(),
  contentType: z.enum(["loop", "track"]).optional(),
  artistName: z.string().optional().describe("Tracks only"),
  albumName: z.string().optional().describe("Tracks only"),
  releaseDate: z.string().optional().describe("Tracks only, YYYY-MM-DD"),
  lyrics: z.string().optional().describe("Tracks only"),
});

const previewHeaders = {
  "Accept-Ranges": { description: "`bytes`", schema: { type: "string" }, required: true },
  ETag: { description: "Changes when the preview changes", schema: { type: "string" }, required: true },
  "Cache-Control": { description: "`public, max-age=86400`, or `private`", schema: { type: "string" }, required: true },
};

/** A change to a loop that is not the caller's (loops/loop-edits.service.ts), behind the origin and ban checks. */
const notLoopOwner = failure(
  ["NOT_LOOP_OWNER", "CROSS_SITE_REFUSED", "ACCOUNT_BANNED"],
  "`Not Your Loop: …` (someone else's loop that anyone may reach), a cross-site request, or a banned account.",
);

export const loopsOperations = defineFeature({
  tag: "loops",
  description: "Loops and tracks: the catalog, previews, upload, processing.",
  schemas: {
    CreatorLoop: creatorLoopSchema,
    LoopPeaks: loopPeaksSchema,
    PublicLoop: publicLoopSchema,
    LoopList: loopListResponseSchema,
    SimilarLoops: similarLoopsResponseSchema,
    UploadLoopForm: uploadLoopForm,
    UpdateLoopBody: updateLoopSchema,
  },
  operations: [
    {
      method: "get",
      path: "/api/loops",
      operationId: "listLoops",
      summary: "The catalog: ready, public loops, filtered, sorted and paged",
      description:
        "`popular` sorts by downloads + purchases; `rating` by average rating (unrated last); `likes` by likes. `total` counts every match, not only this page. " +
        "`isPurchased`, `purchasedFormats`, `myRating` and `likedByMe` are the signed-in viewer's. " +
        "`following=true` (the Following tab): the loops of the creators the signed-in viewer follows, newest first, with `sortBy=recent` only and no filter " +
        "(`limit`, `offset` and `after` only).",
      auth: "optional",
      query: loopListQuerySchema,
      responses: {
        200: json(loopListResponseSchema, "A page of loops and the total number of matches"),
        400: failure(
          ["VALIDATION_FAILED", "INVALID_CURSOR", "FOLLOWING_SORT_INVALID", "FOLLOWING_FILTERS_INVALID"],
          "A query value is not valid; `message` names it. With `following=true`: `Invalid sortBy: the Following tab lists newest first.` or " +
            "`Invalid following: the Following tab takes no filters (only limit, offset and after).`",
        ),
        401: failure(["UNAUTHORIZED"], "`following=true` signed out (`Unauthorized`)."),
        403: banned,
      },
    },
    {
      method: "get",
      path: "/api/loops/{id}",
      operationId: "getLoop",
      summary: "One loop",
      description:
        "Anyone may read a ready, public loop; the creator also their private, hidden and unfinished ones. A hidden loop, someone else's private " +
        "or unfinished loop and an id that never existed all answer 404; a loop its creator took down answers 410.",
      auth: "optional",
      params: idParams,
      responses: {
        200: json(publicLoopSchema, "The loop"),
        403: banned,
        404: loopNotFound,
        410: loopRemoved,
      },
    },
    {
      method: "get",
      path: "/api/loops/{id}/similar",
      operationId: "getSimilarLoops",
      summary: "Loops like this one: same genre, near BPM, same or relative key",
      description:
        `At most ${SIMILAR_LOOPS_LIMIT} ready, public loops of the loop's genre whose BPM is within ±5 of its BPM (±6% when that is more) and whose key ` +
        "is its key or the relative one (C major ↔ A minor; any spelling, C# = Db), the loop itself left out; closest first: nearest BPM, then the same " +
        "key before the relative one, then the most popular and newest. A loop without a BPM or a key is matched on what it has. " +
        "The loop must be visible to the caller, as for `GET /api/loops/{id}`. The viewer's fields are the signed-in viewer's.",
      auth: "optional",
      params: idParams,
      responses: {
        200: json(similarLoopsResponseSchema, "The similar loops, closest first (none is an empty list)"),
        403: banned,
        404: loopNotFound,
        410: loopRemoved,
      },
    },
    {
      method: "get",
      path: "/api/loops/{id}/preview",
      operationId: "getLoopPreview",
      summary: "The 30 s MP3 preview, with HTTP range requests",
      description:
        "`Cache-Control: public, max-age=86400` for a public loop; `private` for the creator's private or unfinished ones. " +
        "One `bytes` range per request (several are answered with the whole file); `If-None-Match` and `If-Range` use the ETag.",
      auth: "optional",
      params: idParams,
      responses: {
        200: {
          description: "The whole preview",
          content: { "audio/mpeg": { schema: { type: "string", contentMediaType: "audio/mpeg" } } },
          headers: previewHeaders,
        },
        206: {
          description: "The requested range",
          content: { "audio/mpeg": { schema: { type: "string", contentMediaType: "audio/mpeg" } } },
          headers: {
            ...previewHeaders,
            "Content-Range": { description: "`bytes <start>-<end>/<size>`", schema: { type: "string" }, required: true },
          },
        },
        304: { description: "The ETag in `If-None-Match` is current" },
        403: banned,
        404: failure(
          ["LOOP_NOT_FOUND", "PREVIEW_NOT_FOUND"],
          "No such loop, not visible to the caller (`Loop Not Found`), or no preview yet (`Preview Not Found`).",
        ),
        410: failure(["LOOP_REMOVED"], "`Loop Removed: …`: its creator took it down (its holders still reach it)."),
        416: failure(["RANGE_NOT_SATISFIABLE"], "`Range Not Satisfiable`: the range starts past the end of the file.", {
          "Content-Range": { description: "`bytes */<size>`", schema: { type: "string" }, required: true },
        }),
      },
    },
    {
      method: "get",
      path: "/api/loops/{id}/peaks",
      operationId: "getLoopPeaks",
      summary: "The waveform peaks",
      description: "Same visibility and caching as the preview.",
      auth: "optional",
      params: idParams,
      responses: {
        200: json(loopPeaksSchema, "Peaks: `points` pairs of [min, max]"),
        403: banned,
        404: failure(
          ["LOOP_NOT_FOUND", "PEAKS_NOT_FOUND"],
          "No such loop, not visible to the caller (`Loop Not Found`), or no peaks yet (`Peaks Not Found`).",
        ),
        410: failure(["LOOP_REMOVED"], "`Loop Removed: …`: its creator took it down (its holders still reach it)."),
      },
    },
    {
      method: "post",
      path: "/api/loops/upload",
      operationId: "uploadLoop",
      summary: "Upload a loop or track; it is processed in the background",
      description:
        "The file is streamed to storage and refused as soon as it passes 50 MB (or the room left in the member's storage quota), as soon as its " +
        "first bytes are not audio, or as soon as its header gives a sample rate above 96 kHz. The files made from it are at 48 kHz at most. " +
        "The loop starts in status `processing`; " +
        "poll `GET /api/loops/{id}/status` until `ready` (preview, MP3 320 kbps, WAV and waveform stored) or `failed` (`failureReason`). " +
        "Per member: at most `uploadsPerHour` uploads in any 60 minutes (429) and `uploadQuotaMb` in all for the originals and the files made " +
        "from them (413: the WAV, MP3, preview and peaks its header predicts are counted before it is accepted; when only decoding tells, the " +
        "loop ends `failed` with the quota's figures), both platform settings. " +
        "A refusal made before the body has arrived (401, 403, 413, 429, 400) is sent once the rest of the body has been read and dropped, " +
        "with `Connection: close`; a body going on for more than ~54 MB past the refusal is answered there and its connection closed.",
      auth: "required",
      body: uploadLoopForm,
      bodyMediaType: "multipart/form-data",
      responses: {
        201: json(creatorLoopSchema, "The new loop, status `processing`"),
        400: failure(
          [
            "VALIDATION_FAILED",
            "UPLOAD_NO_FILE",
            "UPLOAD_INVALID_TYPE",
            "UPLOAD_SAMPLE_RATE_TOO_HIGH",
            "GENRE_REQUIRED",
            "UPLOAD_NOT_MULTIPART",
            "UPLOAD_MALFORMED",
            "UPLOAD_TOO_MANY_FIELDS",
            "UPLOAD_ABORTED",
          ],
          "`No File Selected: …`, `Invalid File Type: …` (the bytes are not MP3, WAV, FLAC, M4A/AAC or OGG), `Title Required: …`, " +
            "`Genre Required: …` (missing or unknown genre), `Invalid Price: …`, `Invalid BPM: …`, `Invalid Fields: …` (track fields on a loop), " +
            "`Sample Rate Too High: This file is 192 kHz; please upload audio at 96 kHz or less.`, or a malformed form.",
        ),
        401: signInRequired,
        403: crossSiteOrBanned,
        413: failure(
          ["FILE_TOO_LARGE", "STORAGE_QUOTA_EXCEEDED"],
          "`File Too Large: Please select a file smaller than 50MB.`, `Storage Quota Reached: Your uploads and the files made from them may take up to 2 GB " +
            "in total and already take 1.9 GB, so this file does not fit.`, or `Storage Quota Reached: Your uploads and the files made from them may take up to " +
            "2 GB in total and already take 1.7 GB; this file and the WAV, MP3 and preview made from it would take 345.6 MB.`",
        ),
        429: failure(["UPLOAD_RATE_LIMITED"], "`Upload Limit Reached: You can upload 20 files per hour. Try again in 12 minutes.`", {
          "Retry-After": { description: "Seconds until the member may upload again", schema: { type: "integer", minimum: 1 } },
        }),
      },
    },
    {
      method: "patch",
      path: "/api/loops/{id}",
      operationId: "updateLoop",
      summary: "The creator edits a loop's visibility and listing",
      description:
        "Every field is optional and checked with the upload's rules and messages; a refused edit changes nothing. " +
        "`isFree: true` sets the price to 0; a price above 0 makes a free loop paid. `key: null` clears the creator's key. " +
        "`visibility`: public, unlisted (reachable by its link, listed nowhere) or private (`isPublic` is the older form). " +
        "Track fields are for tracks only; a track made a loop loses them. A new price applies to quotes made after it; " +
        "open offers and quotes keep their terms. Every changed field is in the loop's history (`GET /api/loops/{id}/history`).",
      auth: "required",
      params: idParams,
      body: updateLoopSchema,
      responses: {
        200: json(creatorLoopSchema, "The updated loop"),
        400: failure(
          ["VALIDATION_FAILED", "MALFORMED_JSON", "GENRE_REQUIRED", "TRACK_FIELDS_ON_LOOP"],
          "`Title Required: …`, `Invalid Price: …`, `Genre Required: …` (unknown genre), `Invalid BPM: …`, `Invalid Key: …`, " +
            "`Invalid Fields: …` (track fields on a loop), or malformed JSON.",
        ),
        401: signInRequired,
        403: notLoopOwner,
        404: failure(["LOOP_NOT_FOUND"], "No such loop, or not the caller's (`Loop Not Found`)."),
        413: bodyTooLarge,
      },
    },
    {
      method: "delete",
      path: "/api/loops/{id}",
      operationId: "takeDownLoop",
      summary: "The creator takes a loop down",
      description:
        "It leaves the catalog, search, profiles and others' collections at once, and its page answers 410. Its buyers keep it in " +
        "their libraries (they still play and download it); its files are deleted a day later at the earliest, once no buyer holds it.",
      auth: "required",
      params: idParams,
      responses: {
        204: { description: "Taken down" },
        401: signInRequired,
        403: notLoopOwner,
        404: failure(["LOOP_NOT_FOUND"], "No such loop, not the caller's, or taken down already (`Loop Not Found`)."),
      },
    },
    {
      method: "post",
      path: "/api/loops/bulk",
      operationId: "bulkLoops",
      summary: "One action on many of the creator's loops",
      description:
        "make_public, make_unlisted, make_private or take_down; each loop in its own transaction, a refusal does not stop the others.",
      auth: "required",
      body: bulkLoopsRequestSchema,
      responses: {
        200: json(bulkLoopsResponseSchema, "Each loop's outcome, in the order asked"),
        400: failure(["VALIDATION_FAILED", "MALFORMED_JSON"], `\`${MY_LOOPS_MESSAGES.loopIds}\` or \`${MY_LOOPS_MESSAGES.action}\``),
        401: signInRequired,
        403: crossSiteOrBanned,
        413: bodyTooLarge,
      },
    },
    {
      method: "get",
      path: "/api/loops/{id}/history",
      operationId: "getLoopHistory",
      summary: "Who changed what on the creator's loop, newest first",
      auth: "required",
      params: idParams,
      responses: {
        200: json(loopHistorySchema, "The changes (at most 200)"),
        401: signInRequired,
        403: failure(
          ["NOT_LOOP_OWNER", "ACCOUNT_BANNED"],
          "`Not Your Loop: …` (someone else's loop that anyone may reach), or a banned account.",
        ),
        404: failure(["LOOP_NOT_FOUND"], "No such loop, or not the caller's (`Loop Not Found`)."),
      },
    },
    {
      method: "post",
      path: "/api/loops/{id}/retry",
      operationId: "retryLoop",
      summary: "Process a failed upload again",
      auth: "required",
      params: idParams,
      responses: {
        200: json(creatorLoopSchema, "The loop, processing again"),
        401: signInRequired,
        403: notLoopOwner,
        404: failure(["LOOP_NOT_FOUND"], "No such loop, or not the caller's (`Loop Not Found`)."),
        409: failure(["LOOP_NOT_FAILED"], `\`${LOOP_EDIT_MESSAGES.notFailed}\``),
      },
    },
    {
      method: "get",
      path: "/api/profile/loops",
      operationId: "listMyLoops",
      summary: "The creator's loops as a table (My Loops)",
      description: "Every loop but those taken down, with all-time plays, sales and earnings; cursor paging past any number of loops.",
      auth: "required",
      query: myLoopsQuerySchema,
      responses: {
        200: json(myLoopsPageSchema, "One page"),
        400: failure(["VALIDATION_FAILED", "INVALID_CURSOR"], "A parameter is not valid; `message` names it."),
        401: signInRequired,
        403: banned,
      },
    },
    {
      method: "get",
      path: "/api/loops/{id}/status",
      operationId: "getOwnLoopStatus",
      summary: "The creator's view of one of their loops, with its processing status",
      auth: "required",
      params: idParams,
      responses: {
        200: json(creatorLoopSchema, "The loop"),
        401: signInRequired,
        403: banned,
        404: failure(["LOOP_NOT_FOUND"], "No such loop, or not the caller's (`Loop Not Found`)."),
      },
    },
  ],
});
