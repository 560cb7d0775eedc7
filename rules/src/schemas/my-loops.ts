/**
 * A creator's listings (issue 37): "My Loops" as a table (GET /api/profile/loops, cursor paging,
 * sortable by date, plays, sales and earnings), bulk actions (POST /api/loops/bulk), a loop's history
 * (GET /api/loops/:id/history) and taking a loop down (DELETE /api/loops/:id).
 */
import { z } from "zod";
import { cursorPageQuery, enumWithDefault } from "./fields";
import { creatorLoopSchema, LOOP_VISIBILITIES } from "./loops";

export const MY_LOOP_SORTS = ["recent", "plays", "sales", "earnings"] as const;
export type MyLoopSort = (typeof MY_LOOP_SORTS)[number];
export const MY_LOOPS_DEFAULT_LIMIT = 25;
export const MY_LOOPS_MAX_LIMIT = 100;
/** Loops one bulk action may name. */
export const BULK_LOOPS_MAX = 100;

export const MY_LOOPS_MESSAGES = {
  sort: `Invalid sort: use ${MY_LOOP_SORTS.join(", ")}.`,
  order: "Invalid order: use asc or desc.",
  limit: `Invalid limit: use a whole number from 1 to ${MY_LOOPS_MAX_LIMIT}.`,
  after: "Invalid after: use the nextCursor of the previous page with the same sort and order.",
  loopIds: `Invalid loopIds: name 1 to ${BULK_LOOPS_MAX} of your loops by id.`,
  action: "Invalid action: use make_public, make_unlisted, make_private or take_down.",
} as const;

export const myLoopsQuerySchema = z.object({
  sort: enumWithDefault(MY_LOOP_SORTS, "recent", MY_LOOPS_MESSAGES.sort).describe("recent: upload date; plays, sales, earnings: all time"),
  order: enumWithDefault(["asc", "desc"], "desc", MY_LOOPS_MESSAGES.order),
  ...cursorPageQuery({
    defaultLimit: MY_LOOPS_DEFAULT_LIMIT,
    maxLimit: MY_LOOPS_MAX_LIMIT,
    maxCursor: 300,
    messages: MY_LOOPS_MESSAGES,
    same: "same sort and order",
  }),
});
export type MyLoopsQuery = z.output<typeof myLoopsQuerySchema>;

export const myLoopSchema = creatorLoopSchema.extend({
  plays: z.number().int().nonnegative().describe("All time"),
  sales: z.number().int().nonnegative().describe("All time, refunds not taken off"),
  earningsLoop: z.string().describe("LOOP earned from sales paid in LOOP (8 decimals)"),
  earningsUsd: z.string().describe("USD earned from card and PayPal sales"),
  processingStage: z
    .enum(["queued", "processing"])
    .nullable()
    .describe("While status is processing: waiting for a worker (queued) or being processed; null otherwise"),
});
export type MyLoop = z.infer<typeof myLoopSchema>;

export const myLoopsPageSchema = z.object({
  loops: z.array(myLoopSchema),
  total: z.number().int().nonnegative().describe("The creator's loops, taken-down ones left out"),
  nextCursor: z.string().nullable(),
});
export type MyLoopsPage = z.infer<typeof myLoopsPageSchema>;

export const BULK_LOOP_ACTIONS = ["make_public", "make_unlisted", "make_private", "take_down"] as const;
export type BulkLoopAction = (typeof BULK_LOOP_ACTIONS)[number];

export const bulkLoopsRequestSchema = z.object({
  loopIds: z
    .array(z.uuid({ error: MY_LOOPS_MESSAGES.loopIds }), { error: MY_LOOPS_MESSAGES.loopIds })
    .min(1, MY_LOOPS_MESSAGES.loopIds)
    .max(BULK_LOOPS_MAX, MY_LOOPS_MESSAGES.loopIds),
  action: z.enum(BULK_LOOP_ACTIONS, { error: MY_LOOPS_MESSAGES.action }),
});
export type BulkLoopsRequest = z.output<typeof bulkLoopsRequestSchema>;

/** Each loop's outcome, in the order asked: one refused (not yours, hidden by a moderator…) does not stop the others. */
export const bulkLoopsResponseSchema = z.object({
  results: z.array(z.object({ id: z.string(), ok: z.boolean(), message: z.string().nullable() })),
});
export type BulkLoopsResponse = z.infer<typeof bulkLoopsResponseSchema>;

/** What a bulk action sets. */
export const BULK_ACTION_VISIBILITY: Record<Exclude<BulkLoopAction, "take_down">, (typeof LOOP_VISIBILITIES)[number]> = {
  make_public: "public",
  make_unlisted: "unlisted",
  make_private: "private",
};

export const LOOP_HISTORY_FIELDS = [
  "title",
  "description",
  "tags",
  "genre",
  "bpm",
  "key",
  "price",
  "visibility",
  "contentType",
  "artistName",
  "albumName",
  "releaseDate",
  "lyrics",
  "status",
] as const;

/** GET /api/loops/:id/history: the creator's view of who changed what, newest first. */
export const loopChangeSchema = z.object({
  field: z.enum(LOOP_HISTORY_FIELDS),
  from: z.string().nullable().describe("As shown: a price in USD (`4.99`), a genre by name"),
  to: z.string().nullable(),
  changedAt: z.string(),
  by: z.object({ id: z.uuid(), username: z.string() }),
});
export type LoopChange = z.infer<typeof loopChangeSchema>;
export const loopHistorySchema = z.object({ changes: z.array(loopChangeSchema) });
export type LoopHistory = z.infer<typeof loopHistorySchema>;
