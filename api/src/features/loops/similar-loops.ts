// GET /api/loops/:id/similar, "Similar loops" on a loop's page (issue 36): ready, public loops of the
// same genre whose BPM is within similarBpmWindow of the loop's and whose key is the same or the
// relative one (rules/src/musical-keys.ts), the loop itself left out, closest first: nearest BPM,
// then the same key before the relative one, then the most popular and newest. A loop without a
// BPM (or a key) is matched on what it has. One statement on the listed loops' partial indexes: the
// genre's range (of "loops_catalog_genre_popular_idx", which INCLUDEs effective_bpm and
// effective_key, or of the genre index) and the keys' ("loops_catalog_key_idx"); only the page's
// rows are read for their card_json. A dedicated index (genre, key, BPM) would make it one short
// range per key spelling: see the decisions of issue 36.
import { relatedKeys } from "@loop/rules/musical-keys";
import { SIMILAR_LOOPS_LIMIT, similarBpmWindow, type SimilarLoopsResponse } from "@loop/rules/schemas/loops";
import { Prisma, type PrismaClient } from "../../db/prisma";
import { loopsFromCards, visibleLoop } from "./catalog.service";

/** The loop (404 `Loop Not Found` when the viewer may not see it, as GET /api/loops/:id) and its similar loops. */
export async function similarLoops(prisma: PrismaClient, loopId: string, viewerId: string | null): Promise<SimilarLoopsResponse> {
  const loop = await visibleLoop(prisma, loopId, viewerId);
  const bpm = loop.bpm ?? loop.detectedBpm;
  const key = loop.key ?? loop.detectedKey;
  const keys = key === null ? null : (relatedKeys(key) ?? { same: [key], relative: [] });

  const window = bpm === null ? 0 : similarBpmWindow(bpm);
  const bpmCondition =
    bpm === null ? Prisma.empty : Prisma.sql`AND l."effective_bpm" BETWEEN ${bpm - window}::int AND ${bpm + window}::int`;
  const gap = bpm === null ? Prisma.sql`0` : Prisma.sql`abs(l."effective_bpm" - ${bpm}::int)`;
  const keyCondition =
    keys === null ? Prisma.empty : Prisma.sql`AND l."effective_key" IN (${Prisma.join([...keys.same, ...keys.relative])})`;
  const relative = keys === null ? Prisma.sql`false` : Prisma.sql`l."effective_key" NOT IN (${Prisma.join(keys.same)})`;

  const rows = await prisma.$queryRaw<{ card_json: string }[]>`
    SELECT p."card_json"
    FROM (
      SELECT l."id", ${gap} AS gap, ${relative} AS relative, l."popularity", l."created_at"
      FROM "app"."loops" l
      WHERE l."status" = 'ready' AND l."is_public" AND l."genre_id" = ${loop.genreId}::int AND l."id" <> ${loop.id}::uuid
        ${bpmCondition} ${keyCondition}
      ORDER BY gap, relative, l."popularity" DESC, l."created_at" DESC, l."id" DESC
      LIMIT ${SIMILAR_LOOPS_LIMIT}
    ) AS s
    JOIN "app"."loops" p ON p."id" = s."id"
    ORDER BY s.gap, s.relative, s."popularity" DESC, s."created_at" DESC, s."id" DESC`;
  return {
    loops: await loopsFromCards(
      prisma,
      rows.map((row) => row.card_json),
      viewerId,
    ),
  };
}
