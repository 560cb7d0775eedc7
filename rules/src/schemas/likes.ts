/** Likes (issue 24): a heart on every loop; the own "Liked" collection. Counts are kept on write. */
import { z } from "zod";
import { publicLoopSchema } from "./loops";

/** POST and DELETE /api/loops/:id/like: the loop's count after the change, and the viewer's state. */
export const likeResultSchema = z.object({
  likeCount: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
});
export type LikeResult = z.infer<typeof likeResultSchema>;

export const LIKED_PAGE_DEFAULT_LIMIT = 24;
export const LIKED_PAGE_MAX_LIMIT = 100;

/** GET /api/likes: the signed-in member's liked loops, the latest liked first. */
export const likedLoopsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `Invalid limit: use a whole number from 1 to ${LIKED_PAGE_MAX_LIMIT}.` })
    .int(`Invalid limit: use a whole number from 1 to ${LIKED_PAGE_MAX_LIMIT}.`)
    .min(1, `Invalid limit: use a whole number from 1 to ${LIKED_PAGE_MAX_LIMIT}.`)
    .max(LIKED_PAGE_MAX_LIMIT, `Invalid limit: use a whole number from 1 to ${LIKED_PAGE_MAX_LIMIT}.`)
    .default(LIKED_PAGE_DEFAULT_LIMIT),
  offset: z.coerce
    .number({ error: "Invalid offset: use a whole number from 0." })
    .int("Invalid offset: use a whole number from 0.")
    .min(0, "Invalid offset: use a whole number from 0.")
    .max(1_000_000, "Invalid offset: use a whole number from 0.")
    .default(0),
});
export type LikedLoopsQuery = z.output<typeof likedLoopsQuerySchema>;

/** Loops the member can no longer see (hidden, made private) are left out, and not counted. */
export const likedLoopsResponseSchema = z.object({
  loops: z.array(publicLoopSchema),
  total: z.number().int().nonnegative(),
});
export type LikedLoopsResponse = z.infer<typeof likedLoopsResponseSchema>;
