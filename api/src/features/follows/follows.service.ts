// Follows (issue 24): a member follows creators. Both members' counts are kept by the trigger
// "follows_count" (migration 20261130090000_likes_collections_follows), in the follow's transaction.
// Following twice keeps one follow; unfollowing a member not followed changes nothing.
import { type FollowCounts, type FollowResult } from "@loop/rules/schemas/follows";
import type { PrismaClient } from "../../db/prisma";
import { UUID } from "../../http/uuid";
import { DomainError } from "../../domain-error";

/**
 * POST (`follow` true) and DELETE /api/users/:id/follow: an unknown or banned member is 404
 * 'User Not Found', oneself 400. The follow is written only while the member exists and is not
 * banned (one statement), then their count is read in the same transaction.
 */
export async function setFollow(prisma: PrismaClient, followerId: string, followeeId: string, follow: boolean): Promise<FollowResult> {
  if (!UUID.test(followeeId)) throw new DomainError("USER_NOT_FOUND");
  if (followeeId.toLowerCase() === followerId) throw new DomainError("FOLLOW_SELF");
  const change = follow
    ? prisma.$executeRaw`
        INSERT INTO "app"."follows" ("follower_id", "followee_id")
        SELECT ${followerId}::uuid, u."id" FROM "app"."users" u WHERE u."id" = ${followeeId}::uuid AND NOT u."is_banned"
        ON CONFLICT ("follower_id", "followee_id") DO NOTHING`
    : prisma.$executeRaw`
        DELETE FROM "app"."follows" WHERE "follower_id" = ${followerId}::uuid AND "followee_id" = ${followeeId}::uuid`;
  const [, rows] = await prisma.$transaction([
    change,
    prisma.$queryRaw<{ follower_count: number }[]>`
      SELECT "follower_count" FROM "app"."users" WHERE "id" = ${followeeId}::uuid AND NOT "is_banned"`,
  ]);
  const row = rows[0];
  if (!row) throw new DomainError("USER_NOT_FOUND");
  return { followerCount: row.follower_count, followedByMe: follow };
}

/** The public profile's counts, and whether the viewer follows the member (false signed out or on the own profile). */
export async function followCounts(
  prisma: PrismaClient,
  user: { id: string; followerCount: number; followingCount: number },
  viewerId: string | null,
): Promise<FollowCounts> {
  const followedByMe =
    viewerId !== null &&
    viewerId !== user.id &&
    (await prisma.follow.findUnique({
      where: { followerId_followeeId: { followerId: viewerId, followeeId: user.id } },
      select: { followerId: true },
    })) !== null;
  return { followerCount: user.followerCount, followingCount: user.followingCount, followedByMe };
}
