// Likes (issue 24): a heart per member and loop. The loop's like_count is kept by the trigger
// "loop_likes_count" (migration 20261130090000_likes_collections_follows): the like's row and the
// count change in one transaction, and the count's row update serializes concurrent likes, so it
// stays exact. Liking twice keeps one like; unliking a loop not liked changes nothing.
import type { LikedLoopsQuery, LikedLoopsResponse, LikeResult } from "@loop/rules/schemas/likes";
import type { PrismaClient } from "../../db/prisma";
import { loopsFromCards } from "../loops/catalog.service";

/** The change, then the loop's count read in the same transaction (it includes the change). */
async function setLike(prisma: PrismaClient, loopId: string, userId: string, liked: boolean): Promise<LikeResult> {
  const change = liked
    ? prisma.$executeRaw`
        INSERT INTO "app"."loop_likes" ("user_id", "loop_id") VALUES (${userId}::uuid, ${loopId}::uuid)
        ON CONFLICT ("user_id", "loop_id") DO NOTHING`
    : prisma.$executeRaw`DELETE FROM "app"."loop_likes" WHERE "user_id" = ${userId}::uuid AND "loop_id" = ${loopId}::uuid`;
  const [, rows] = await prisma.$transaction([
    change,
    prisma.$queryRaw<{ like_count: number }[]>`SELECT "like_count" FROM "app"."loops" WHERE "id" = ${loopId}::uuid`,
  ]);
  return { likeCount: rows[0]?.like_count ?? 0, likedByMe: liked };
}

/** POST /api/loops/:id/like on a loop the member may see (visibleLoop, checked by the router). */
export const likeLoop = (prisma: PrismaClient, loopId: string, userId: string) => setLike(prisma, loopId, userId, true);

/** DELETE /api/loops/:id/like. */
export const unlikeLoop = (prisma: PrismaClient, loopId: string, userId: string) => setLike(prisma, loopId, userId, false);

/**
 * GET /api/likes: the member's liked loops, the latest liked first, on the index
 * (user_id, created_at DESC, loop_id). Loops the member can no longer see (hidden, made private,
 * unfinished) are left out and not counted; their own loops always show.
 */
export async function likedLoops(prisma: PrismaClient, userId: string, query: LikedLoopsQuery): Promise<LikedLoopsResponse> {
  const [page, counted] = await prisma.$transaction([
    prisma.$queryRaw<{ card_json: string }[]>`
      SELECT l."card_json"
      FROM "app"."loop_likes" k JOIN "app"."loops" l ON l."id" = k."loop_id"
      WHERE k."user_id" = ${userId}::uuid AND ((l."status" = 'ready' AND l."is_public") OR (l."user_id" = ${userId}::uuid AND l."status" <> 'removed'))
      ORDER BY k."created_at" DESC, k."loop_id"
      LIMIT ${query.limit} OFFSET ${query.offset}`,
    prisma.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total
      FROM "app"."loop_likes" k JOIN "app"."loops" l ON l."id" = k."loop_id"
      WHERE k."user_id" = ${userId}::uuid AND ((l."status" = 'ready' AND l."is_public") OR (l."user_id" = ${userId}::uuid AND l."status" <> 'removed'))`,
  ]);
  return {
    loops: await loopsFromCards(
      prisma,
      page.map((row) => row.card_json),
      userId,
    ),
    total: counted[0]?.total ?? 0,
  };
}
