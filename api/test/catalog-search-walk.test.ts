import { loopListResponseSchema, type LoopListResponse } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre } from "./support/listed-loop";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * GET /api/loops?search=<a common word>&sortBy=recent walks the listed loops newest first (catalog-query.ts): on
 * the covering index for texts up to 2,000 bytes, and on the table for longer ones (a description may have 5,000
 * characters), merged. Whatever way it takes, the page is every listed loop whose title, description or tags
 * contain the text, newest first: here about one loop in nine has a long description, some of them with the word
 * only in it, interleaved in time with the short ones.
 */
describe("GET /api/loops: the search walk, short and long texts", () => {
  let t: TestApp;
  const LOOPS = 600;

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    const genre = await createGenre(t.db.prisma, "House");
    const user = (await t.db.prisma.user.create({ data: { username: "walker", email: "walker@example.com" } })).id;
    // g % 9 = 0: a long description (about 4,600 bytes, non-ASCII included), with "groove" in it when g % 2 = 0
    // and never in the title; otherwise "groove" in the title of most. A few not listed.
    await t.db.prisma.$executeRaw`
      INSERT INTO "app"."loops" ("id", "user_id", "genre_id", "title", "description", "price_cents", "is_free", "status", "is_public",
        "bpm", "original_key", "original_format", "created_at", "updated_at")
      SELECT gen_random_uuid(), ${user}::uuid, ${genre}, CASE WHEN g % 9 = 0 OR g % 5 = 0 THEN 'Plain ' || g ELSE 'Groove ' || g END,
             CASE WHEN g % 9 = 0 THEN repeat('Ünïcode bass line ', 240) || CASE WHEN g % 2 = 0 THEN ' deep GROOVE here' ELSE '' END ELSE 'short' END,
             199, false, CASE WHEN g % 37 = 0 THEN 'processing' ELSE 'ready' END::"app"."loop_status", g % 41 <> 0, 120,
             'loops/x/original', 'wav', timestamp '2026-01-01' + (g % 60) * interval '1 minute', now()
      FROM generate_series(1, ${LOOPS}) AS g`;
  });
  afterAll(() => t.close());

  const get = async (query: string): Promise<LoopListResponse> =>
    loopListResponseSchema.parse((await request(t.app).get(`/api/loops?${query}`).expect(200)).body);

  it("pages through every match newest first, by offset and by cursor, long descriptions included", async () => {
    const expected = (
      await t.db.prisma.$queryRaw<{ id: string }[]>`
        SELECT "id"::text FROM "app"."loops"
        WHERE "status" = 'ready' AND "is_public" AND ("title" ILIKE '%groove%' OR "description" ILIKE '%groove%' OR "tags" ILIKE '%groove%')
        ORDER BY "created_at" DESC, "id" DESC`
    ).map((row) => row.id);
    const [longRow] = await t.db.prisma.$queryRaw<{ long: number }[]>`
      SELECT count(*)::int AS "long" FROM "app"."loops" WHERE octet_length("match_text") > 2000 AND "description" ILIKE '%groove%'`;
    expect(longRow!.long).toBeGreaterThan(10);
    // The walk is taken: the word's count in the vocabulary is at least 64 × the rows a page reads.
    const [word] = await t.db.prisma.$queryRaw<{ loops: number }[]>`SELECT "loops" FROM "app"."search_words" WHERE "word" = 'groove'`;
    expect(word!.loops).toBeGreaterThanOrEqual(64 * 6);

    const byOffset: string[] = [];
    for (let offset = 0; offset < 60; offset += 5)
      byOffset.push(...(await get(`search=groove&sortBy=recent&limit=5&offset=${offset}`)).loops.map((l) => l.id));
    expect(byOffset).toEqual(expected.slice(0, 60));

    const byCursor: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 12; page += 1) {
      const answer: LoopListResponse = await get(`search=groove&sortBy=recent&limit=5${after ? `&after=${after}` : ""}`);
      byCursor.push(...answer.loops.map((l) => l.id));
      after = answer.nextCursor;
    }
    expect(byCursor).toEqual(expected.slice(0, 60));
  });
});
