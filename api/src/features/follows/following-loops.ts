// GET /api/loops?following=true, the home's Following tab (issue 24): the listed loops of the
// creators the viewer follows, newest first, paged like sortBy=recent (the same `after` cursor).
// Its own statement, not the anonymous catalog's (catalog-query.ts): the answer is per viewer and
// never cached. Each followed creator's loops are one short range of the partial index
// "loops_listed_user_recent_idx" (migration 20261130090000_likes_collections_follows), merged.
import { LOOP_TOTAL_CAP, type LoopListQuery, type LoopListResponse } from "@loop/rules/schemas/loops";
import { Prisma, type PrismaClient } from "../../db/prisma";
import { decodeCursor, loopsFromCards } from "../loops/catalog.service";
import { DomainError } from "../../domain-error";

/** The catalog's filters, none of which the Following tab takes. */
const FILTERS = [
  "genreId",
  "search",
  "isFree",
  "priceMin",
  "priceMax",
  "duration",
  "bpmMin",
  "bpmMax",
  "key",
  "contentType",
  "userId",
] as const satisfies readonly (keyof LoopListQuery)[];

export async function followingLoops(prisma: PrismaClient, query: LoopListQuery, viewerId: string): Promise<LoopListResponse> {
  if (query.sortBy !== "recent") throw new DomainError("FOLLOWING_SORT_INVALID");
  if (FILTERS.some((name) => query[name] !== undefined)) throw new DomainError("FOLLOWING_FILTERS_INVALID");
  const cursor = query.after === undefined ? null : decodeCursor(query.after, "recent");
  const take = query.limit + 1;
  const skip = cursor ? 0 : query.offset;
  const keyset = cursor
    ? Prisma.sql`AND (l."created_at", l."id") < (${cursor[0] as string}::timestamptz, ${cursor[1] as string}::uuid)`
    : Prisma.empty;
  // Counted like the catalog: exactly up to LOOP_TOTAL_CAP, or just past the page asked for.
  const countLimit = Math.max(LOOP_TOTAL_CAP, query.offset + query.limit + 1);
  const [rows, counted] = await prisma.$transaction([
    prisma.$queryRaw<{ card_json: string; created_at: string; id: string }[]>`
      SELECT p."card_json", to_char(p."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, p."id"::text AS id
      FROM (
        SELECT x."created_at", x."id"
        FROM "app"."follows" f
        CROSS JOIN LATERAL (
          SELECT l."created_at", l."id" FROM "app"."loops" l
          WHERE l."user_id" = f."followee_id" AND l."status" = 'ready' AND l."is_public" ${keyset}
          ORDER BY l."created_at" DESC, l."id" DESC
          LIMIT ${skip + take}
        ) AS x
        WHERE f."follower_id" = ${viewerId}::uuid
        ORDER BY x."created_at" DESC, x."id" DESC
        LIMIT ${take} OFFSET ${skip}
      ) AS page
      JOIN "app"."loops" p ON p."id" = page."id"
      ORDER BY page."created_at" DESC, page."id" DESC`,
    prisma.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM (
        SELECT 1 FROM "app"."follows" f
        JOIN "app"."loops" l ON l."user_id" = f."followee_id" AND l."status" = 'ready' AND l."is_public"
        WHERE f."follower_id" = ${viewerId}::uuid
        LIMIT ${countLimit}
      ) AS matching`,
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? Buffer.from(JSON.stringify(["recent", last.created_at, last.id]), "utf8").toString("base64url")
      : null;
  return {
    loops: await loopsFromCards(
      prisma,
      page.map((row) => row.card_json),
      viewerId,
    ),
    total: counted[0]?.total ?? 0,
    nextCursor,
  };
}
