/** POST /api/loops/:id/ratings: 1 to 5 stars, by a buyer or a user who downloaded the loop. */
import { z } from "zod";
import { wholeNumber } from "./fields";

export const RATING_MESSAGES = {
  invalid: "Invalid Rating: Choose a whole number of stars from 1 to 5.",
  notAllowed: "Rating Not Allowed: Only listeners who bought or downloaded this loop can rate it.",
  ownLoop: "Rating Not Allowed: You cannot rate your own loop.",
} as const;

export const rateLoopSchema = z.object({
  rating: wholeNumber(1, 5, RATING_MESSAGES.invalid),
});
export type RateLoop = z.infer<typeof rateLoopSchema>;

export const ratingResultSchema = z.object({
  averageRating: z.number().nullable().describe("Average of all ratings, 1 decimal"),
  totalRatings: z.number().int().nonnegative(),
  myRating: z.number().int().min(1).max(5),
});
export type RatingResult = z.infer<typeof ratingResultSchema>;

/** Average of `count` ratings summing to `sum`, rounded to 1 decimal; null without ratings. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum * 10) / count) / 10 : null;
}
