/** Follows (issue 24): members follow creators; counts are kept on write. */
import { z } from "zod";

export const FOLLOW_MESSAGES = {
  self: "Follow Not Allowed: You cannot follow yourself.",
} as const;

/** POST and DELETE /api/users/:id/follow: the followed member's count after the change. */
export const followResultSchema = z.object({
  followerCount: z.number().int().nonnegative(),
  followedByMe: z.boolean(),
});
export type FollowResult = z.infer<typeof followResultSchema>;

/** Added to the public profile (GET /api/users/:userId/profile). */
export const followCountsSchema = z.object({
  followerCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
  followedByMe: z.boolean().describe("The viewer follows this member; false signed out or on the own profile"),
});
export type FollowCounts = z.infer<typeof followCountsSchema>;

/** The bell's notification to each follower when a followed creator's upload becomes ready. */
export function newUploadNotification(creator: string, title: string) {
  return {
    type: "info" as const,
    title: `New from ${creator}`,
    message: `${creator} released "${title}".`,
    actionText: "Listen",
  };
}
