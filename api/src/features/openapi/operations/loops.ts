import { creatorLoopSchema, MAX_BPM, MIN_BPM } from "@loop/rules/schemas/loops";
import { z } from "zod";
import { banned, crossSiteOrBanned, failure, json, signInRequired } from "../responses";
import { defineFeature } from "../spec";

/** The multipart form of POST /api/loops/upload (text fields are checked by uploadLoopFieldsSchema). */
const uploadLoopForm = z.object({
  audio: z.string().meta({ format: "binary" }).describe("The audio file, at most 50 MB: MP3, WAV, FLAC, M4A/AAC or OGG, judged from its bytes"),
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

export const loopsOperations = defineFeature({
  tag: "loops",
  description: "Loops and tracks: upload, processing.",
  schemas: { CreatorLoop: creatorLoopSchema, UploadLoopForm: uploadLoopForm },
  operations: [
    {
      method: "post",
      path: "/api/loops/upload",
      operationId: "uploadLoop",
      summary: "Upload a loop or track; it is processed in the background",
      description:
        "The file is streamed to storage and refused as soon as it passes 50 MB. The loop starts in status `processing`; " +
        "poll `GET /api/loops/{id}/status` until `ready` (preview, MP3 320 kbps, WAV and waveform stored) or `failed` (`failureReason`).",
      auth: "required",
      body: uploadLoopForm,
      bodyMediaType: "multipart/form-data",
      responses: {
        201: json(creatorLoopSchema, "The new loop, status `processing`"),
        400: failure(
          "`No File Selected: …`, `Invalid File Type: …` (the bytes are not MP3, WAV, FLAC, M4A/AAC or OGG), `Title Required: …`, " +
            "`Genre Required: …` (missing or unknown genre), `Invalid Price: …`, `Invalid BPM: …`, `Invalid Fields: …` (track fields on a loop), or a malformed form.",
        ),
        401: signInRequired,
        403: crossSiteOrBanned,
        413: failure("`File Too Large: Please select a file smaller than 50MB.`"),
      },
    },
    {
      method: "get",
      path: "/api/loops/{id}/status",
      operationId: "getOwnLoopStatus",
      summary: "The creator's view of one of their loops, with its processing status",
      auth: "required",
      params: z.object({ id: z.string() }),
      responses: {
        200: json(creatorLoopSchema, "The loop"),
        401: signInRequired,
        403: banned,
        404: failure("No such loop, or not the caller's (`Loop not found`)."),
      },
    },
  ],
});
