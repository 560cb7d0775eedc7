import { followResultSchema } from "@loop/rules/schemas/follows";
import { z } from "zod";
import { crossSiteOrBanned, failure, json, signInRequired } from "../responses";
import { defineFeature } from "../spec";

const userNotFound = failure("No such member, or a banned one (`User Not Found`).");

export const followsOperations = defineFeature({
  tag: "follows",
  description:
    "Follows: members follow creators; counts are kept on write. Followers are notified when a followed creator's public upload is ready; " +
    "`GET /api/loops?following=true` lists the followed creators' loops.",
  schemas: { FollowResult: followResultSchema },
  operations: [
    {
      method: "post",
      path: "/api/users/{id}/follow",
      operationId: "followUser",
      summary: "Follow a member",
      description: "Idempotent: following twice keeps one follow.",
      auth: "required",
      params: z.object({ id: z.string() }),
      responses: {
        200: json(followResultSchema, "The member's follower count after the change, and `followedByMe: true`"),
        400: failure("`Follow Not Allowed: You cannot follow yourself.`"),
        401: signInRequired,
        403: crossSiteOrBanned,
        404: userNotFound,
      },
    },
    {
      method: "delete",
      path: "/api/users/{id}/follow",
      operationId: "unfollowUser",
      summary: "Stop following a member",
      description: "Idempotent: unfollowing a member not followed answers their current count.",
      auth: "required",
      params: z.object({ id: z.string() }),
      responses: {
        200: json(followResultSchema, "The member's follower count after the change, and `followedByMe: false`"),
        400: failure("`Follow Not Allowed: You cannot follow yourself.`"),
        401: signInRequired,
        403: crossSiteOrBanned,
        404: userNotFound,
      },
    },
  ],
});
