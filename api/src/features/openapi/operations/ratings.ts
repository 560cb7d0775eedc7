import { rateLoopSchema, ratingResultSchema } from "@loop/rules/schemas/ratings";
import { bodyTooLarge, failure, json, loopNotFound, loopRemoved, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

export const ratingsOperations = defineFeature({
  tag: "ratings",
  description: "Ratings of loops by the listeners who bought or downloaded them.",
  schemas: { RateLoopBody: rateLoopSchema, RatingResult: ratingResultSchema },
  operations: [
    {
      method: "post",
      path: "/api/loops/{id}/ratings",
      operationId: "rateLoop",
      summary: "Rate a loop from 1 to 5, or change one's rating",
      description:
        "One rating per user and loop: a second call replaces it. Allowed to buyers and to users who downloaded the loop, never to its creator.",
      auth: "required",
      params: idParams,
      body: rateLoopSchema,
      responses: {
        200: json(ratingResultSchema, "The loop's new average and count, and the caller's rating"),
        400: failure(["VALIDATION_FAILED", "MALFORMED_JSON"], "`Invalid Rating: …` (not a whole number from 1 to 5), or malformed JSON."),
        401: signInRequired,
        403: failure(
          ["RATING_NOT_ALLOWED", "RATING_OWN_LOOP", "CROSS_SITE_REFUSED", "ACCOUNT_BANNED"],
          "`Rating Not Allowed: Only listeners who bought or downloaded this loop can rate it.`, `Rating Not Allowed: You cannot rate your own loop.`, " +
            "a cross-site request, or a banned account.",
        ),
        404: loopNotFound,
        410: loopRemoved,
        413: bodyTooLarge,
      },
    },
  ],
});
