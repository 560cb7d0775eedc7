import { loopListResponseSchema, priceToCents, type LoopListResponse, type PublicLoop } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre } from "./support/listed-loop";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * GET /api/loops' filters (issue 36, "Find by what producers search for") on 1,000 loops: for each
 * combination of BPM range, key (any spelling, with or without its relative key), loops or tracks,
 * tags, free or paid, price range, duration band and genre, walking every page by cursor gives
 * exactly the listed loops that match, and every loop on every page matches (checked on the card's
 * own fields).
 */
describe("GET /api/loops: every loop shown matches the filters (1,000 loops)", () => {
  let t: TestApp;
  let genres: number[];
  const LOOPS = 1_000;

  /** What a filter looks at, from a card or from a row. */
  interface Facts {
    genreId: number;
    isFree: boolean;
    priceCents: number;
    durationMs: number | null;
    bpm: number | null;
    key: string | null;
    contentType: string;
    tags: string[];
  }
  let listed: (Facts & { id: string })[];

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genres = [];
    for (const name of ["House", "Trap", "Lo-Fi"]) genres.push(await createGenre(t.db.prisma, name));
    const creator = (await t.db.prisma.user.create({ data: { username: "filtered", email: "filtered@example.com" } })).id;
    // Keys under both spellings (the upload form's flats, the detection's sharps), creator's or
    // detected only; tags in any case; some loops not listed (private, processing).
    await t.db.prisma.$executeRaw`
      INSERT INTO "app"."loops" ("id", "user_id", "genre_id", "title", "price_cents", "is_free", "status", "is_public", "key", "detected_key",
        "duration_ms", "content_type", "bpm", "detected_bpm", "tags", "original_key", "original_format", "created_at", "updated_at")
      SELECT gen_random_uuid(), ${creator}::uuid, ((${genres})::int[])[1 + g % 3], 'Loop ' || g,
             CASE WHEN g % 5 = 0 THEN 0 ELSE (ARRAY[99, 500, 501, 1999, 2000, 4999])[1 + g % 6] END, g % 5 = 0,
             CASE WHEN g % 31 = 0 THEN 'processing' ELSE 'ready' END::"app"."loop_status", g % 37 <> 0,
             CASE WHEN g % 4 = 0 THEN (ARRAY['A minor', 'C major', 'Eb minor', 'F# major'])[1 + g % 7 % 4] END,
             CASE WHEN g % 4 <> 3 THEN (ARRAY['A minor', 'C major', 'D# minor', 'Gb major', 'E minor'])[1 + g % 5] END,
             CASE WHEN g % 13 = 0 THEN NULL ELSE (ARRAY[8000, 29999, 30000, 60000, 60001, 180000])[1 + g % 6] END,
             CASE WHEN g % 3 = 0 THEN 'track' ELSE 'loop' END::"app"."loop_content_type",
             CASE WHEN g % 2 = 0 THEN 70 + g % 100 END, CASE WHEN g % 11 <> 0 THEN 60 + g % 120 END,
             (ARRAY['dark,Trap', 'chill', 'Dark,piano', 'darkwave', '', 'piano,chill,dark'])[1 + g % 6],
             'loops/x/original', 'wav', timestamp '2026-01-01' + (g % 50) * interval '1 minute', now()
      FROM generate_series(1, ${LOOPS}) AS g`;
    const rows = await t.db.prisma.$queryRaw<
      {
        id: string;
        genre_id: number;
        is_free: boolean;
        price_cents: number;
        duration_ms: number | null;
        effective_bpm: number | null;
        effective_key: string | null;
        content_type: string;
        tags: string;
      }[]
    >`SELECT "id"::text, "genre_id", "is_free", "price_cents", "duration_ms", "effective_bpm", "effective_key", "content_type"::text, "tags"
      FROM "app"."loops" WHERE "status" = 'ready' AND "is_public"`;
    listed = rows.map((row) => ({
      id: row.id,
      genreId: row.genre_id,
      isFree: row.is_free,
      priceCents: row.price_cents,
      durationMs: row.duration_ms,
      bpm: row.effective_bpm,
      key: row.effective_key,
      contentType: row.content_type,
      tags: tagList(row.tags),
    }));
  });
  afterAll(() => t.close());

  const tagList = (tags: string) =>
    tags
      .split(",")
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean);

  const cardFacts = (loop: PublicLoop): Facts => ({
    genreId: loop.genre.id,
    isFree: loop.isFree,
    priceCents: priceToCents(loop.price)!,
    durationMs: loop.duration === null ? null : Math.round(loop.duration * 1000),
    bpm: loop.bpm,
    key: loop.key,
    contentType: loop.contentType,
    tags: tagList(loop.tags),
  });

  async function walk(query: string): Promise<PublicLoop[]> {
    const loops: PublicLoop[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 50; pages += 1) {
      const response = await request(t.app).get(`/api/loops?${query}&limit=100${after ? `&after=${after}` : ""}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const page: LoopListResponse = loopListResponseSchema.parse(response.body);
      loops.push(...page.loops);
      if (page.nextCursor === null) return loops;
      after = page.nextCursor;
    }
    throw new Error("no last page");
  }

  type Filter = [query: string, matches: (loop: Facts) => boolean];
  const inKeys = (keys: string[]) => (loop: Facts) => loop.key !== null && keys.includes(loop.key);
  const filters = (): Filter[] => [
    ["bpmMin=90&bpmMax=120", (l) => l.bpm !== null && l.bpm >= 90 && l.bpm <= 120],
    ["key=A%20minor", inKeys(["A minor"])],
    ["key=A%20minor&relativeKey=true", inKeys(["A minor", "C major"])],
    ["key=Eb%20minor", inKeys(["Eb minor", "D# minor"])],
    ["key=F%23%20major&relativeKey=true", inKeys(["F# major", "Gb major", "D# minor", "Eb minor"])],
    ["contentType=track", (l) => l.contentType === "track"],
    ["contentType=loop", (l) => l.contentType === "loop"],
    ["tags=dark", (l) => l.tags.includes("dark")],
    ["tags=DARK,chill", (l) => l.tags.includes("dark") && l.tags.includes("chill")],
    ["tags=piano&tags=Chill", (l) => l.tags.includes("piano") && l.tags.includes("chill")],
    ["isFree=true", (l) => l.isFree],
    ["isFree=false&priceMin=5.00&priceMax=20.00", (l) => !l.isFree && l.priceCents >= 500 && l.priceCents <= 2000],
    ["priceMin=20.01", (l) => l.priceCents >= 2001],
    ["duration=short", (l) => l.durationMs !== null && l.durationMs < 30_000],
    ["duration=medium", (l) => l.durationMs !== null && l.durationMs >= 30_000 && l.durationMs <= 60_000],
    ["duration=long", (l) => l.durationMs !== null && l.durationMs > 60_000],
    [`genreId=${genres[1]}`, (l) => l.genreId === genres[1]],
    [`genreId=${genres[0]}&genreId=${genres[2]}`, (l) => l.genreId === genres[0] || l.genreId === genres[2]],
  ];
  /** Several filters at once: all of them hold. */
  const combined = (): Filter[] => {
    const all = filters();
    const pick = (...indexes: number[]): Filter => [
      indexes.map((i) => all[i]![0]).join("&"),
      (loop) => indexes.every((i) => all[i]![1](loop)),
    ];
    return [pick(0, 2, 5), pick(7, 11, 16), pick(3, 6, 13), pick(8, 15, 17), pick(0, 1, 7, 11, 14, 5), pick(4, 9, 10), pick(2, 12, 6, 17)];
  };

  it("each filter alone and combined, in several sorts: exactly the matching loops, each one matching", async () => {
    let checked = 0;
    for (const [query, matches] of [...filters(), ...combined()]) {
      const expected = listed.filter(matches).map((loop) => loop.id);
      for (const sortBy of ["recent", "price_asc", "popular"]) {
        const loops = await walk(`${query}&sortBy=${sortBy}`);
        for (const loop of loops) expect(matches(cardFacts(loop)), `${loop.title} for ${query}`).toBe(true);
        expect(loops.map((loop) => loop.id).sort(), `${query}&sortBy=${sortBy}`).toEqual([...expected].sort());
        checked += loops.length;
      }
      // The total agrees (counted exactly under the cap).
      const first = loopListResponseSchema.parse((await request(t.app).get(`/api/loops?${query}&limit=1`).expect(200)).body);
      expect(first.total, query).toBe(Math.min(expected.length, 1_000));
    }
    // The data is rich enough that the filters are not vacuous.
    expect(checked).toBeGreaterThan(5_000);
  });

  it("a key finds every spelling of its tonic; relativeKey adds the relative major or minor", async () => {
    const keysOf = async (query: string) => new Set((await walk(query)).map((loop) => loop.key));
    expect(await keysOf("key=D%23%20minor")).toEqual(new Set(["D# minor", "Eb minor"]));
    expect(await keysOf("key=C%20major&relativeKey=true")).toEqual(new Set(["A minor", "C major"]));
  });

  it("a tag matches whole tags only, in any case: 'dark' is not 'darkwave'", async () => {
    const loops = await walk("tags=Dark");
    expect(loops.length).toBeGreaterThan(0);
    expect(loops.every((loop) => tagList(loop.tags).includes("dark"))).toBe(true);
    expect(loops.some((loop) => loop.tags === "darkwave")).toBe(false);
    expect((await walk("tags=darkwave")).every((loop) => loop.tags === "darkwave")).toBe(true);
    expect(await walk("tags=ark")).toEqual([]);
    // LIKE's wildcards are literal.
    expect(await walk("tags=d_rk")).toEqual([]);
    expect(await walk("tags=%25")).toEqual([]);
  });

  it.each([
    [`tags=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(",")}`, /^Invalid tags/],
    [`tags=${"x".repeat(51)}`, /^Invalid tags/],
    ["relativeKey=yes", /^Invalid relativeKey/],
  ])("400 for %s", async (query, message) => {
    const response = await request(t.app).get(`/api/loops?${query}`).expect(400);
    expect(response.body.message).toMatch(message);
  });
});
