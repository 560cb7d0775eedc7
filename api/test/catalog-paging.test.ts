import { LOOP_SORTS, loopListResponseSchema, type LoopListResponse } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * GET /api/loops paged by cursor (`after` = the previous page's `nextCursor`) and by offset: the
 * same loops in the same order, every listed loop once, whatever the sort, with many ties on
 * every sort column (the id breaks them), fractional rating averages, both price branches (free
 * and paid), one or several genres.
 */
describe("GET /api/loops: cursor paging", () => {
  let t: TestApp;
  let genres: number[];
  let alice: Browser;
  const LOOPS = 240;

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genres = [];
    for (const name of ["House", "Techno", "Jazz"]) genres.push(await createGenre(t.db.prisma, name));
    const user = (await t.db.prisma.user.create({ data: { username: "ties", email: "ties@example.com" } })).id;
    // Ties everywhere: 6 distinct creation times, 4 prices (free among them), 3 download counts,
    // ratings with averages such as 2.333…; a few loops not listed (private, processing).
    await t.db.prisma.$executeRaw`
      INSERT INTO "app"."loops" ("id", "user_id", "genre_id", "title", "price_cents", "is_free", "status", "is_public", "download_count",
        "rating_sum", "rating_count", "bpm", "original_key", "original_format", "created_at", "updated_at")
      SELECT gen_random_uuid(), ${user}::uuid, ((${genres})::int[])[1 + g % 3], 'Loop ' || g,
             (ARRAY[0, 199, 199, 499])[1 + g % 4], g % 4 = 0, CASE WHEN g % 37 = 0 THEN 'processing' ELSE 'ready' END::"app"."loop_status",
             g % 41 <> 0, g % 3, (ARRAY[0, 7, 5, 9, 14])[1 + g % 5], (ARRAY[0, 3, 2, 2, 3])[1 + g % 5], 90 + g % 5,
             'loops/x/original', 'wav', timestamp '2026-01-01' + (g % 6) * interval '1 minute', now()
      FROM generate_series(1, ${LOOPS}) AS g`;
    alice = (await signInMember(t)).browser;
  });
  afterAll(() => t.close());

  const get = async (query: string, as: Browser | null = null): Promise<LoopListResponse> =>
    loopListResponseSchema.parse((await (as ?? request(t.app)).get(`/api/loops?${query}`).expect(200)).body);

  async function byOffset(query: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await get(`${query}&limit=${limit}&offset=${offset}`);
      ids.push(...page.loops.map((loop) => loop.id));
      if (page.loops.length < limit) return ids;
    }
  }

  async function byCursor(query: string, limit: number, as: Browser | null = null): Promise<string[]> {
    const ids: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const page: LoopListResponse = await get(`${query}&limit=${limit}${after ? `&after=${after}` : ""}`, as);
      ids.push(...page.loops.map((loop) => loop.id));
      if (page.nextCursor === null) return ids;
      expect(page.loops).toHaveLength(limit);
      after = page.nextCursor;
    }
    throw new Error("no end");
  }

  const listed = async (where: string) =>
    Number(
      (
        await t.db.prisma.$queryRawUnsafe<{ n: bigint }[]>(
          `SELECT count(*) AS n FROM "app"."loops" WHERE "status" = 'ready' AND "is_public" AND ${where}`,
        )
      )[0]!.n,
    );

  it.each(LOOP_SORTS)("sortBy=%s: pages never overlap or skip, in the offset order", async (sortBy) => {
    const all = await listed("true");
    const expected = await byOffset(`sortBy=${sortBy}`, 50);
    expect(expected).toHaveLength(all);
    expect(new Set(expected).size).toBe(all);
    for (const limit of [7, 24]) expect(await byCursor(`sortBy=${sortBy}`, limit)).toEqual(expected);
  });

  it.each(LOOP_SORTS)("sortBy=%s with two genres, with isFree, with a BPM range: the same", async (sortBy) => {
    const twoGenres = `genreId=${genres[0]}&genreId=${genres[2]}&sortBy=${sortBy}`;
    const expected = await byOffset(twoGenres, 50);
    expect(expected).toHaveLength(await listed(`"genre_id" IN (${genres[0]}, ${genres[2]})`));
    expect(await byCursor(twoGenres, 11)).toEqual(expected);
    for (const filter of ["isFree=true", "isFree=false", "bpmMin=91&bpmMax=93"]) {
      const query = `${filter}&sortBy=${sortBy}`;
      expect(await byCursor(query, 13)).toEqual(await byOffset(query, 50));
    }
  });

  it("a signed-in viewer pages the same way", async () => {
    expect(await byCursor("sortBy=rating", 24, alice)).toEqual(await byOffset("sortBy=rating", 50));
  });

  it("the last page has no cursor; an empty result neither", async () => {
    const free = await listed("is_free");
    expect(free).toBeLessThan(100);
    const one = await get("sortBy=recent&isFree=true&limit=100");
    expect(one.loops).toHaveLength(free);
    expect(one.nextCursor).toBeNull();
    const none = await get("sortBy=recent&search=nothing-matches-this");
    expect(none).toEqual({ loops: [], total: 0, nextCursor: null });
  });

  it("total is the same on every page, by offset or by cursor", async () => {
    const first = await get("sortBy=popular&limit=10&isFree=false");
    const all = await listed("NOT is_free");
    expect(first.total).toBe(all);
    const second = await get(`sortBy=popular&limit=10&isFree=false&after=${first.nextCursor}`);
    expect(second.total).toBe(all);
    expect((await get("sortBy=popular&limit=10&isFree=false&offset=10")).total).toBe(all);
  });

  it.each([
    ["after=@@@", /^Invalid after/],
    ["after=abc", /^Invalid after/],
    [`after=${Buffer.from(JSON.stringify(["recent", "2026-01-01T00:00:00.000Z", "not-an-id"])).toString("base64url")}`, /^Invalid after/],
    [
      `after=${Buffer.from(JSON.stringify(["popular", 1, "2026-01-01T00:00:00.000Z", "00000000-0000-4000-8000-000000000000"])).toString("base64url")}&sortBy=recent`,
      /^Invalid after/,
    ],
  ])("400 for %s", async (query, message) => {
    const response = await request(t.app).get(`/api/loops?${query}`).expect(400);
    expect(response.body.message).toMatch(message);
  });

  it("400 for after with an offset", async () => {
    const { nextCursor } = await get("sortBy=recent&limit=5");
    const response = await request(t.app).get(`/api/loops?sortBy=recent&limit=5&offset=5&after=${nextCursor}`).expect(400);
    expect(response.body.message).toBe("Invalid after: use after or offset, not both.");
  });
});
