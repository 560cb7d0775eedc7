import { LOOP_TOTAL_CAP, loopListResponseSchema } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre } from "./support/listed-loop";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * GET /api/loops' totals from the maintained counts (migration 20261128080000_catalog_counts):
 * the same figure as counting the listed loops, for every combination of the counted filters,
 * after inserts, updates of each counted column, listing and unlisting, deletes, concurrent
 * writers and a TRUNCATE.
 */
describe("GET /api/loops: maintained totals", () => {
  let t: TestApp;
  let genres: number[];
  let creator: string;

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genres = [];
    for (const name of ["House", "Techno", "Jazz"]) genres.push(await createGenre(t.db.prisma, name));
    creator = (await t.db.prisma.user.create({ data: { username: "counted", email: "counted@example.com" } })).id;
    await insertLoops(1, 300);
  });
  afterAll(() => t.close());

  /** Loops g = from..to: every genre, free and paid, keys (set, detected only, none), every duration band and none, both content types, some unlisted. */
  async function insertLoops(from: number, to: number) {
    await t.db.prisma.$executeRaw`
      INSERT INTO "app"."loops" ("id", "user_id", "genre_id", "title", "price_cents", "is_free", "status", "is_public", "key", "detected_key",
        "duration_ms", "content_type", "bpm", "detected_bpm", "original_key", "original_format", "created_at", "updated_at")
      SELECT gen_random_uuid(), ${creator}::uuid, ((${genres})::int[])[1 + g % 3], 'Loop ' || g,
             CASE WHEN g % 4 = 0 THEN 0 ELSE (ARRAY[99, 199, 499, 1500])[1 + g % 4] END, g % 4 = 0,
             CASE WHEN g % 23 = 0 THEN 'processing' WHEN g % 29 = 0 THEN 'failed' ELSE 'ready' END::"app"."loop_status", g % 17 <> 0,
             CASE WHEN g % 5 = 0 THEN 'A minor' WHEN g % 5 = 1 THEN 'C major' END,
             CASE WHEN g % 5 IN (1, 2) THEN 'A minor' WHEN g % 5 = 3 THEN 'F# minor' END,
             CASE WHEN g % 7 = 0 THEN NULL ELSE (ARRAY[5000, 30000, 45000, 60000, 60001, 200000])[1 + g % 6] END,
             CASE WHEN g % 9 = 0 THEN 'track' ELSE 'loop' END::"app"."loop_content_type",
             CASE WHEN g % 3 = 0 THEN 70 + g % 90 END, CASE WHEN g % 11 <> 0 THEN 60 + g % 120 END,
             'loops/x/original', 'wav', now() - g * interval '1 second', now()
      FROM generate_series(${from}::int, ${to}::int) AS g`;
  }

  const total = async (query: string) =>
    loopListResponseSchema.parse((await request(t.app).get(`/api/loops?${query}&limit=5`).expect(200)).body).total;

  /** No genre, one, or two: each as the query says it and as the SQL that filters on it. */
  function genreFilters(): [string, string][] {
    return [
      ["", "true"],
      [`genreId=${genres[0]}`, `"genre_id" = ${genres[0]}`],
      [`genreId=${genres[1]}&genreId=${genres[2]}`, `"genre_id" IN (${genres[1]}, ${genres[2]})`],
    ];
  }

  /** The filters' combinations the counts serve, with the SQL that counts them directly. */
  function combinations(): { query: string; where: string }[] {
    const genreSets = genreFilters();
    const free: [string, string][] = [
      ["", "true"],
      ["isFree=true", `"is_free"`],
      ["isFree=false", `NOT "is_free"`],
    ];
    const keys: [string, string][] = [
      ["", "true"],
      ["key=A%20minor", `"effective_key" = 'A minor'`],
      ["key=F%23%20minor", `"effective_key" = 'F# minor'`],
    ];
    const durations: [string, string][] = [
      ["", "true"],
      ["duration=short", `"duration_ms" < 30000`],
      ["duration=medium", `"duration_ms" BETWEEN 30000 AND 60000`],
      ["duration=long", `"duration_ms" > 60000`],
    ];
    const types: [string, string][] = [
      ["", "true"],
      ["contentType=track", `"content_type" = 'track'`],
    ];
    const result: { query: string; where: string }[] = [];
    for (const g of genreSets)
      for (const f of free)
        for (const k of keys)
          for (const d of durations)
            for (const c of types) {
              const parts = [g, f, k, d, c];
              result.push({
                query: ["sortBy=recent", ...parts.map(([q]) => q).filter(Boolean)].join("&"),
                where: parts.map(([, w]) => w).join(" AND "),
              });
            }
    return result;
  }

  /** Genres with one range, BPM or price: the combinations catalog_range_counts serves. */
  function rangeCombinations(): { query: string; where: string }[] {
    const genreSets = genreFilters();
    const ranges: [string, string][] = [
      ["bpmMin=90&bpmMax=130", `"effective_bpm" BETWEEN 90 AND 130`],
      ["bpmMin=150", `"effective_bpm" >= 150`],
      ["bpmMax=75", `"effective_bpm" <= 75`],
      ["priceMin=0&priceMax=1", `"price_cents" BETWEEN 0 AND 100`],
      ["priceMin=1.99", `"price_cents" >= 199`],
      ["priceMax=4.99", `"price_cents" <= 499`],
    ];
    return genreSets.flatMap(([gq, gw]) =>
      ranges.map(([rq, rw]) => ({ query: ["sortBy=popular", gq, rq].filter(Boolean).join("&"), where: `${gw} AND ${rw}` })),
    );
  }

  const counted = async (where: string) =>
    Number(
      (
        await t.db.prisma.$queryRawUnsafe<{ n: bigint }[]>(
          `SELECT count(*) AS n FROM "app"."loops" WHERE "status" = 'ready' AND "is_public" AND ${where}`,
        )
      )[0]!.n,
    );

  /** The table as a recount from scratch would make it (rows of zero left out). */
  async function expectTableRecounted() {
    const differences = await t.db.prisma.$queryRawUnsafe<unknown[]>(`
      WITH fresh AS (
        SELECT COALESCE(g, 0) AS g, COALESCE(f, 2::smallint) AS f, COALESCE(k, '*') AS k, COALESCE(d, 3::smallint) AS d, COALESCE(c, '*') AS c, count(*)::int AS n
        FROM (SELECT "genre_id" AS g, "is_free"::int::smallint AS f, COALESCE("effective_key", '') AS k,
                     "app"."catalog_duration_band"("duration_ms") AS d, "content_type"::text AS c
              FROM "app"."loops" WHERE "status" = 'ready' AND "is_public") AS l
        GROUP BY CUBE (g, f, k, d, c)
      ), kept AS (
        SELECT "genre_id" AS g, "is_free" AS f, "key" AS k, "duration_band" AS d, "content_type" AS c, "loops" AS n FROM "app"."catalog_counts" WHERE "loops" <> 0
      )
      (SELECT * FROM fresh EXCEPT SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM fresh)`);
    expect(differences).toEqual([]);
    const rangeDifferences = await t.db.prisma.$queryRawUnsafe<unknown[]>(`
      WITH fresh AS (
        SELECT r.dimension, COALESCE(r.g, 0) AS g, r.value, count(*)::int AS n
        FROM (SELECT 0::smallint AS dimension, "genre_id" AS g, "effective_bpm" AS value FROM "app"."loops"
              WHERE "status" = 'ready' AND "is_public" AND "effective_bpm" IS NOT NULL
              UNION ALL
              SELECT 1::smallint, "genre_id", "price_cents" FROM "app"."loops" WHERE "status" = 'ready' AND "is_public") AS r
        GROUP BY GROUPING SETS ((r.dimension, r.g, r.value), (r.dimension, r.value))
      ), kept AS (
        SELECT "dimension", "genre_id" AS g, "value", "loops" AS n FROM "app"."catalog_range_counts" WHERE "loops" <> 0
      )
      (SELECT * FROM fresh EXCEPT SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM fresh)`);
    expect(rangeDifferences).toEqual([]);
  }

  async function expectTotalsCounted() {
    for (const { query, where } of [...combinations(), ...rangeCombinations()]) {
      expect({ query, total: await total(query) }).toEqual({ query, total: await counted(where) });
    }
  }

  it("every combination of the counted filters has the counted total", async () => {
    await expectTableRecounted();
    await expectTotalsCounted();
  });

  it("the total comes from the maintained counts, not a count of the loops", async () => {
    // A wrong figure planted in the table shows: the API reads it (and only for the counted filters).
    const listed = await counted("true");
    await t.db.prisma.$executeRawUnsafe(
      `UPDATE "app"."catalog_counts" SET "loops" = "loops" + 7 WHERE "genre_id" = 0 AND "is_free" = 2 AND "key" = '*' AND "duration_band" = 3 AND "content_type" = '*'`,
    );
    try {
      expect(await total("sortBy=recent")).toBe(listed + 7);
      // A mix the tables do not keep is counted.
      expect(await total("sortBy=recent&bpmMin=1&isFree=true")).toBe(await counted(`"effective_bpm" >= 1 AND "is_free"`));
    } finally {
      await t.db.prisma.$executeRawUnsafe(
        `UPDATE "app"."catalog_counts" SET "loops" = "loops" - 7 WHERE "genre_id" = 0 AND "is_free" = 2 AND "key" = '*' AND "duration_band" = 3 AND "content_type" = '*'`,
      );
    }
  });

  it("a total by genre and range is the sum of catalog_range_counts over the range", async () => {
    const withBpm = await counted(`"effective_bpm" BETWEEN 90 AND 130`);
    await t.db.prisma.$executeRawUnsafe(
      `UPDATE "app"."catalog_range_counts" SET "loops" = "loops" + 5 WHERE "dimension" = 0 AND "genre_id" = 0 AND "value" = 100`,
    );
    try {
      expect(await total("sortBy=recent&bpmMin=90&bpmMax=130")).toBe(withBpm + 5);
      expect(await total("sortBy=recent&bpmMin=101&bpmMax=130")).toBe(await counted(`"effective_bpm" BETWEEN 101 AND 130`));
    } finally {
      await t.db.prisma.$executeRawUnsafe(
        `UPDATE "app"."catalog_range_counts" SET "loops" = "loops" - 5 WHERE "dimension" = 0 AND "genre_id" = 0 AND "value" = 100`,
      );
    }
  });

  it("follows every change of a counted column, listing, unlisting, deletes and inserts", async () => {
    const db = t.db.prisma;
    // Each statement changes many loops at once, as a ban or a bulk edit would.
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "genre_id" = ${genres[2]} WHERE "title" LIKE 'Loop 1%'`);
    await db.$executeRawUnsafe(
      `UPDATE "app"."loops" SET "is_free" = NOT "is_free", "price_cents" = CASE WHEN "is_free" THEN 299 ELSE 0 END WHERE "title" LIKE 'Loop 2%'`,
    );
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "key" = 'F# minor' WHERE "title" LIKE 'Loop 3%'`);
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "key" = NULL, "detected_key" = NULL WHERE "title" LIKE 'Loop 4%'`);
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "duration_ms" = "duration_ms" + 25000 WHERE "title" LIKE 'Loop 5%'`);
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "content_type" = 'track' WHERE "title" LIKE 'Loop 6%'`);
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "bpm" = 128 WHERE "title" LIKE 'Loop 1_'`);
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "bpm" = NULL, "detected_bpm" = NULL WHERE "title" LIKE 'Loop 2_'`);
    await db.$executeRawUnsafe(
      `UPDATE "app"."loops" SET "price_cents" = "price_cents" + 100 WHERE NOT "is_free" AND "title" LIKE 'Loop 3_'`,
    );
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "is_public" = NOT "is_public" WHERE "title" LIKE 'Loop 7%'`);
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "status" = 'ready' WHERE "status" <> 'ready'`);
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "status" = 'failed' WHERE "title" LIKE 'Loop 8%'`);
    // Columns the counts do not follow change nothing.
    await db.$executeRawUnsafe(`UPDATE "app"."loops" SET "download_count" = "download_count" + 1, "description" = 'Same counts.'`);
    await db.$executeRawUnsafe(`DELETE FROM "app"."loops" WHERE "title" LIKE 'Loop 9%'`);
    await insertLoops(301, 360);
    await expectTableRecounted();
    await expectTotalsCounted();
  });

  it("concurrent writers, each changing loops the others change too, lose no count and never deadlock", async () => {
    const ids = (await t.db.prisma.loop.findMany({ select: { id: true }, orderBy: { title: "asc" }, take: 40 })).map((l) => l.id);
    await Promise.all(
      Array.from({ length: 12 }, (_, writer) =>
        t.db.prisma.$transaction(async (tx) => {
          // Two statements per transaction, in opposite orders of genre between writers.
          const [a, b] = writer % 2 ? [genres[0], genres[1]] : [genres[1], genres[0]];
          await tx.$executeRawUnsafe(
            `UPDATE "app"."loops" SET "genre_id" = ${a}, "is_public" = NOT "is_public" WHERE "id" = '${ids[writer]}'`,
          );
          await tx.$executeRawUnsafe(
            `UPDATE "app"."loops" SET "genre_id" = ${b}, "is_free" = NOT "is_free" WHERE "id" = '${ids[39 - writer]}'`,
          );
        }),
      ),
    );
    await expectTableRecounted();
    await expectTotalsCounted();
  });

  it("past the cap the total is the cap, as when counted; paging past it counts just past the page", async () => {
    await insertLoops(1000, 2300);
    const listed = await counted("true");
    expect(listed).toBeGreaterThan(LOOP_TOTAL_CAP + 200);
    expect(await total("sortBy=recent")).toBe(LOOP_TOTAL_CAP);
    const page = loopListResponseSchema.parse((await request(t.app).get(`/api/loops?sortBy=recent&limit=24&offset=1100`).expect(200)).body);
    expect(page.total).toBe(1100 + 24 + 1);
    // The same through the range counts: capped, and just past the page when paging past the cap.
    expect(await counted(`"effective_bpm" >= 0`)).toBeGreaterThan(1100 + 24 + 1);
    expect(await total("sortBy=recent&priceMin=0")).toBe(LOOP_TOTAL_CAP);
    const ranged = loopListResponseSchema.parse(
      (await request(t.app).get(`/api/loops?sortBy=recent&bpmMin=0&limit=24&offset=1100`).expect(200)).body,
    );
    expect(ranged.total).toBe(1100 + 24 + 1);
  });

  it("a truncated catalog counts nothing", async () => {
    await t.db.prisma.$executeRawUnsafe(`TRUNCATE "app"."loops" CASCADE`);
    expect(await t.db.prisma.$queryRawUnsafe<unknown[]>(`SELECT * FROM "app"."catalog_counts"`)).toEqual([]);
    expect(await total("sortBy=recent")).toBe(0);
    await insertLoops(1, 50);
    await expectTableRecounted();
    expect(await total("sortBy=recent")).toBe(await counted("true"));
  });
});
