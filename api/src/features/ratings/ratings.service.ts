// Ratings: 1–5 stars per user and loop, changeable, by buyers and users who downloaded the loop.
// The loop's rating_sum/rating_count change in the same transaction, under a lock of the loop row.
import { averageRating, type RatingResult, type RateLoop } from "@loop/rules/schemas/ratings";
import type { PrismaClient } from "../../db/prisma";
import { catalogChanged } from "../loops/catalog-cache";
import { DomainError } from "../../domain-error";

/** POST /api/loops/:id/ratings on `loop`, a loop the rater may see (visibleLoop: 404 otherwise, checked before the body). */
export async function rateLoop(
  prisma: PrismaClient,
  loop: { id: string; userId: string },
  userId: string,
  { rating }: RateLoop,
): Promise<RatingResult> {
  const loopId = loop.id;
  if (loop.userId === userId) throw new DomainError("RATING_OWN_LOOP");
  const [purchase, download] = await Promise.all([
    prisma.purchase.findFirst({ where: { loopId, buyerId: userId }, select: { id: true } }),
    prisma.loopDownload.findUnique({ where: { loopId_userId: { loopId, userId } }, select: { loopId: true } }),
  ]);
  if (!purchase && !download) throw new DomainError("RATING_NOT_ALLOWED");

  const totals = await prisma.$transaction(async (tx) => {
    // One rater of this loop at a time: the totals are recomputed from the ratings, so they
    // stay exact whatever the interleaving (the preview's updated_at/ETag is left alone).
    await tx.$queryRaw`SELECT 1 FROM "app"."loops" WHERE "id" = ${loopId}::uuid FOR UPDATE`;
    await tx.$executeRaw`
      INSERT INTO "app"."loop_ratings" ("loop_id", "user_id", "rating")
      VALUES (${loopId}::uuid, ${userId}::uuid, ${rating})
      ON CONFLICT ("loop_id", "user_id") DO UPDATE SET "rating" = EXCLUDED."rating", "updated_at" = CURRENT_TIMESTAMP`;
    const [row] = await tx.$queryRaw<{ rating_sum: number; rating_count: number }[]>`
      UPDATE "app"."loops" AS l SET "rating_sum" = t.sum, "rating_count" = t.count
      FROM (SELECT COALESCE(SUM("rating"), 0)::int AS sum, COUNT(*)::int AS count FROM "app"."loop_ratings" WHERE "loop_id" = ${loopId}::uuid) AS t
      WHERE l."id" = ${loopId}::uuid
      RETURNING l."rating_sum", l."rating_count"`;
    return row!;
  });
  // The new average shows in the catalog at once (cached pages of this process are dropped).
  catalogChanged(prisma);
  return { averageRating: averageRating(totals.rating_sum, totals.rating_count), totalRatings: totals.rating_count, myRating: rating };
}
