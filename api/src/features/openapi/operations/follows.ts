import { followResultSchema } from "@loop/rules/schemas/follows";
import { crossSiteOrBanned, failure, json, signInRequired } from "../responses";
import { idParams } from "../params";
import { defineFeature, type OperationSpec } from "../spec";

/** Follow and unfollow: the same path and refusals, answering the member's follower count after the change. */
function followOperation(
  method: "post" | "delete",
  operationId: string,
  summary: string,
  description: string,
  followedByMe: boolean,
): OperationSpec {
  return {
    method,
    path: "/api/users/{id}/follow",
    operationId,
    summary,
    description,
    auth: "required",
    params: idParams,
    responses: {
      200: json(followResultSchema, `The member's follower count after the change, and \`followedByMe: ${followedByMe}\``),
      400: failure(["FOLLOW_SELF"], "`Follow Not Allowed: You cannot follow yourself.`"),
      401: signInRequired,
      403: crossSiteOrBanned,
      404: failure(["USER_NOT_FOUND"], "No such member, or a banned one (`User Not Found`)."),
    },
  };
}

export const followsOperations = defineFeature({
  tag: "follows",
  description:
    "Follows: members follow creators; counts are kept on write. Followers are notified when a followed creator's public upload is ready; " +
    "`GET /api/loops?following=true` lists the followed creators' loops.",
  schemas: { FollowResult: followResultSchema },
  operations: [
    followOperation("post", "followUser", "Follow a member", "Idempotent: following twice keeps one follow.", true),
    followOperation(
      "delete",
      "unfollowUser",
      "Stop following a member",
      "Idempotent: unfollowing a member not followed answers their current count.",
      false,
    ),
  ],
});
