import { likedLoopsQuerySchema, likedLoopsResponseSchema, likeResultSchema } from "@loop/rules/schemas/likes";
import { banned, crossSiteOrBanned, invalidQuery, json, loopNotFound, loopRemoved, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature } from "../spec";

export const likesOperations = defineFeature({
  tag: "likes",
  description: "Likes: a heart on every loop, counted on write; the member's own Liked list.",
  schemas: { LikeResult: likeResultSchema, LikedLoops: likedLoopsResponseSchema },
  operations: [
    {
      method: "post",
      path: "/api/loops/{id}/like",
      operationId: "likeLoop",
      summary: "Like a loop",
      description: "Idempotent: liking a loop already liked keeps one like. Any loop the caller may see, their own too.",
      auth: "required",
      params: idParams,
      responses: {
        200: json(likeResultSchema, "The loop's like count after the change, and `likedByMe: true`"),
        401: signInRequired,
        403: crossSiteOrBanned,
        404: loopNotFound,
        410: loopRemoved,
      },
    },
    {
      method: "delete",
      path: "/api/loops/{id}/like",
      operationId: "unlikeLoop",
      summary: "Take a like back",
      description: "Idempotent: unliking a loop not liked answers its current count.",
      auth: "required",
      params: idParams,
      responses: {
        200: json(likeResultSchema, "The loop's like count after the change, and `likedByMe: false`"),
        401: signInRequired,
        403: crossSiteOrBanned,
        404: loopNotFound,
        410: loopRemoved,
      },
    },
    {
      method: "get",
      path: "/api/likes",
      operationId: "listLikedLoops",
      summary: "The signed-in member's liked loops, the latest liked first",
      description: "Loops the member can no longer see (hidden, made private) are left out and not counted in `total`.",
      auth: "required",
      query: likedLoopsQuerySchema,
      responses: {
        200: json(likedLoopsResponseSchema, "A page of liked loops and their number"),
        400: invalidQuery("`Invalid limit: …` or `Invalid offset: …`."),
        401: signInRequired,
        403: banned,
      },
    },
  ],
});
