/** Likes (issue 24): a heart on every loop; the own "Liked" collection. Counts are kept on write. */
import { z } from "zod";
import { checkedPageQuery } from "./fields";
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
export const likedLoopsQuerySchema = z.object(checkedPageQuery(LIKED_PAGE_MAX_LIMIT, LIKED_PAGE_DEFAULT_LIMIT, 1_000_000));
export type LikedLoopsQuery = z.output<typeof likedLoopsQuerySchema>;

/** Loops the member can no longer see (hidden, made private) are left out, and not counted. */
export const likedLoopsResponseSchema = z.object({
  loops: z.array(publicLoopSchema),
  total: z.number().int().nonnegative(),
});
export type LikedLoopsResponse = z.infer<typeof likedLoopsResponseSchema>;
