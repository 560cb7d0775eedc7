import { LOOP_TOTAL_CAP, loopListResponseSchema, type PublicLoop } from "@loop/rules/schemas/loops";
import { searchResponseSchema } from "@loop/rules/schemas/search";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogCache, catalogCacheOptionsFromEnv, createCatalogCache } from "../src/features/loops/catalog-cache";
import { clickTrack, wavFile } from "./support/audio";
import { withCatalogCache } from "./support/catalog-cache-env";
import { truncateAll } from "./support/database";
import { createGenre, insertDownloadableLoop } from "./support/listed-loop";
import { fundMember, signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { createTestApp, type TestApp } from "./support/test-app";
import { waitFor } from "./support/wait";

describe("catalog cache (unit)", () => {
  const options = (now: () => number, maxEntries = 3) => ({ enabled: true, ttlMs: 1_000, maxEntries, now });

  it("keeps an answer for the TTL, then serves it once more while reading it again; never past 2 × TTL", async () => {
    let time = 0;
    let loads = 0;
    const cache = createCatalogCache(options(() => time));
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    time = 999;
    expect(await cache.get("a", load)).toBe(1);
    expect(loads).toBe(1);
    time = 1_000;
    expect(await cache.get("a", load)).toBe(1); // stale, refreshed in the background
    await Promise.resolve();
    expect(loads).toBe(2);
    expect(await cache.get("a", load)).toBe(2);
    time = 1_000 + 2_000; // the refreshed answer (read at 1,000) is past 2 × TTL: read now
    expect(await cache.get("a", load)).toBe(3);
  });

  it("bump() drops every answer; an answer read while the catalog changed is not kept", async () => {
    let loads = 0;
    const cache = createCatalogCache(options(() => 0));
    expect(await cache.get("a", async () => ++loads)).toBe(1);
    cache.bump();
    expect(await cache.get("a", async () => ++loads)).toBe(2);

    let release!: (value: number) => void;
    const slow = cache.get("b", () => new Promise<number>((resolve) => (release = resolve)));
    cache.bump();
    release(10);
    expect(await slow).toBe(10);
    expect(await cache.get("b", async () => 11)).toBe(11);
  });

  it("concurrent misses of one key share one load; a failed load is not kept", async () => {
    let loads = 0;
    const cache = createCatalogCache(options(() => 0));
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.get("a", async () => (await Promise.resolve(), ++loads))));
    expect(results).toEqual([1, 1, 1, 1, 1]);
    await expect(cache.get("b", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("b", async () => "up")).toBe("up");
  });

  it("is bounded: the least recently used answer goes first", async () => {
    const cache = createCatalogCache(options(() => 0, 2));
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    await cache.get("a", async () => "a2"); // a is now the most recent
    await cache.get("c", async () => "c1"); // b goes
    expect(cache.size).toBe(2);
    expect(await cache.get("a", async () => "a3")).toBe("a1");
    expect(await cache.get("b", async () => "b2")).toBe("b2");
  });

  it("reads CATALOG_CACHE and CATALOG_CACHE_TTL_MS; refuses nonsense", () => {
    expect(catalogCacheOptionsFromEnv({})).toMatchObject({ enabled: true, ttlMs: 5_000, maxEntries: 500 });
    expect(catalogCacheOptionsFromEnv({ NODE_ENV: "test" }).enabled).toBe(false);
    expect(catalogCacheOptionsFromEnv({ NODE_ENV: "test", CATALOG_CACHE: "1" }).enabled).toBe(true);
    expect(catalogCacheOptionsFromEnv({ CATALOG_CACHE: "off" }).enabled).toBe(false);
    expect(catalogCacheOptionsFromEnv({ CATALOG_CACHE_TTL_MS: "0" }).enabled).toBe(false);
    expect(catalogCacheOptionsFromEnv({ CATALOG_CACHE_TTL_MS: "8000" }).ttlMs).toBe(8_000);
    expect(() => catalogCacheOptionsFromEnv({ CATALOG_CACHE: "maybe" })).toThrow("CATALOG_CACHE");
    expect(() => catalogCacheOptionsFromEnv({ CATALOG_CACHE_TTL_MS: "-5" })).toThrow("CATALOG_CACHE_TTL_MS");
    expect(() => catalogCacheOptionsFromEnv({ CATALOG_CACHE_TTL_MS: "600000" })).toThrow("CATALOG_CACHE_TTL_MS");
  });
});

describe("catalog cache: GET /api/loops and /api/search answers, invalidated by changes", () => {
  let t: TestApp;
  let genre: number;
  let creator: { browser: Browser; id: string };
  let buyer: { browser: Browser; id: string };
  let other: { browser: Browser; id: string };
  withCatalogCache();

  const insertLoop = (title: string, userId: string, data: { isFree?: boolean; createdAt?: Date } = {}) =>
    insertDownloadableLoop(
      t,
      {
        userId,
        genreId: genre,
        title,
        isFree: data.isFree ?? false,
        priceCents: data.isFree ? 0 : 500,
        durationMs: 20_000,
        createdAt: data.createdAt ?? new Date(),
      },
      { mp3: Buffer.alloc(100, 1) },
    );

  const page = async (as: Browser | null, query = "?sortBy=recent") => {
    const response = await (as ?? request(t.app)).get(`/api/loops${query}`).expect(200);
    return loopListResponseSchema.parse(response.body);
  };
  const byTitle = (loops: PublicLoop[], title: string) => {
    const loop = loops.find((candidate) => candidate.title === title);
    if (!loop) throw new Error(`${title} is not on the page: ${loops.map((l) => l.title).join(", ")}`);
    return loop;
  };
  /** A change made behind the app's back (another process): only the TTL would show it. */
  const renameInDatabase = (id: string, title: string) => t.db.prisma.loop.update({ where: { id }, data: { title } });

  let mine: string;
  let theirs: string;

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genre = await createGenre(t.db.prisma, "House");
    creator = await signInMember(t, "creator@example.com");
    buyer = await signInMember(t, "buyer@example.com");
    other = await signInMember(t, "other@example.com");
    mine = await insertLoop("Velvet Groove", creator.id, { createdAt: new Date(Date.UTC(2026, 0, 2)) });
    theirs = await insertLoop("Neon Drift", other.id, { isFree: true, createdAt: new Date(Date.UTC(2026, 0, 1)) });
    await t.db.prisma.purchase.create({ data: { loopId: mine, buyerId: buyer.id, format: "mp3", priceCents: 500, method: "test" } });
  });
  afterAll(() => t.close());

  it("serves a page from the cache; each viewer gets their own fields laid over it, anonymous viewers none", async () => {
    expect(catalogCache(t.db.prisma).enabled).toBe(true);
    // The creator fills the cache for this query.
    const creatorView = await page(creator.browser);
    expect(creatorView.total).toBe(2);
    expect(byTitle(creatorView.loops, "Velvet Groove").user).toMatchObject({ id: creator.id, email: "creator@example.com" });
    expect(byTitle(creatorView.loops, "Neon Drift").user.email).toBeNull();
    expect(byTitle(creatorView.loops, "Velvet Groove").isPurchased).toBe(false);

    // From now on the page is the cached one: a rename behind the app's back does not show.
    await renameInDatabase(mine, "Renamed Behind");
    const anonymous = await page(null);
    expect(anonymous.loops.map((loop) => loop.title)).toEqual(["Velvet Groove", "Neon Drift"]);
    for (const loop of anonymous.loops) {
      expect(loop.user.email).toBeNull();
      expect(loop.isPurchased).toBe(false);
      expect(loop.myRating).toBeNull();
    }

    const buyerView = await page(buyer.browser);
    expect(buyerView.loops.map((loop) => loop.title)).toEqual(["Velvet Groove", "Neon Drift"]);
    expect(byTitle(buyerView.loops, "Velvet Groove")).toMatchObject({ isPurchased: true, myRating: null, user: { email: null } });
    expect(byTitle(buyerView.loops, "Neon Drift")).toMatchObject({ isPurchased: false, user: { email: null } });

    const otherView = await page(other.browser);
    expect(byTitle(otherView.loops, "Velvet Groove")).toMatchObject({ isPurchased: false, user: { email: null } });
    expect(byTitle(otherView.loops, "Neon Drift").user.email).toBe("other@example.com");

    // The creator's e-mail did not leak into the shared page for the others, nor theirs into it.
    expect(byTitle((await page(null)).loops, "Neon Drift").user.email).toBeNull();
    expect(byTitle((await page(creator.browser)).loops, "Neon Drift").user.email).toBeNull();
  });

  it("an edit through the API shows at once", async () => {
    await renameInDatabase(mine, "Velvet Groove");
    expect((await page(null)).loops.map((loop) => loop.title)).toEqual(["Velvet Groove", "Neon Drift"]);
    await creator.browser.patch(`/api/loops/${mine}`).send({ title: "Velvet Groove II" }).expect(200);
    expect((await page(null)).loops.map((loop) => loop.title)).toEqual(["Velvet Groove II", "Neon Drift"]);
  });

  it("a rating shows at once: the new average for everyone, the rater's own rating for the rater only", async () => {
    const before = await page(null, "?sortBy=rating");
    expect(byTitle(before.loops, "Velvet Groove II")).toMatchObject({ averageRating: null, totalRatings: 0 });
    await buyer.browser.post(`/api/loops/${mine}/ratings`).send({ rating: 4 }).expect(200);

    const anonymous = await page(null, "?sortBy=rating");
    expect(byTitle(anonymous.loops, "Velvet Groove II")).toMatchObject({ averageRating: 4, totalRatings: 1, myRating: null });
    const buyerView = await page(buyer.browser, "?sortBy=rating");
    expect(byTitle(buyerView.loops, "Velvet Groove II")).toMatchObject({ averageRating: 4, myRating: 4, isPurchased: true });
    const otherView = await page(other.browser, "?sortBy=rating");
    expect(byTitle(otherView.loops, "Velvet Groove II")).toMatchObject({ averageRating: 4, myRating: null, isPurchased: false });
  });

  it("a counted download shows at once (count and popular order)", async () => {
    const before = await page(null, "?sortBy=popular");
    expect(before.loops.map((loop) => loop.title)).toEqual(["Velvet Groove II", "Neon Drift"]);
    expect(byTitle(before.loops, "Neon Drift").downloadCount).toBe(0);
    // Velvet Groove II has one purchase (popularity 1); two listeners download the free Neon Drift.
    const download = async (as: Browser) => {
      const { body } = await as.get(`/api/loops/${theirs}/download?format=mp3`).expect(200);
      await request(t.app).get(body.downloadUrl).expect(200);
    };
    await download(buyer.browser);
    expect(byTitle((await page(null, "?sortBy=popular")).loops, "Neon Drift").downloadCount).toBe(1);
    await download(creator.browser);
    const after = await page(null, "?sortBy=popular");
    expect(after.loops.map((loop) => loop.title)).toEqual(["Neon Drift", "Velvet Groove II"]);
    expect(byTitle(after.loops, "Neon Drift").downloadCount).toBe(2);
  });

  it("search answers are cached and dropped by a change through the API", async () => {
    const search = async (q: string) => searchResponseSchema.parse((await request(t.app).get(`/api/search?q=${q}`).expect(200)).body);
    expect((await search("neon")).loops.map((loop) => loop.title)).toEqual(["Neon Drift"]);
    await renameInDatabase(theirs, "Solar Drift");
    expect((await search("neon")).loops.map((loop) => loop.title)).toEqual(["Neon Drift"]);
    await other.browser.patch(`/api/loops/${theirs}`).send({ title: "Lunar Drift" }).expect(200);
    expect((await search("neon")).loops).toEqual([]);
    expect((await search("lunar")).loops.map((loop) => loop.title)).toEqual(["Lunar Drift"]);
  });

  it("a loop the worker finishes is listed at once", async () => {
    const worker = t.startWorker();
    try {
      const upload = await creator.browser
        .post("/api/loops/upload")
        .field("title", "Cache Fresh Upload")
        .field("genreId", String(genre))
        .attach("audio", wavFile([clickTrack(120, 2)]), { filename: "a.wav", contentType: "audio/wav" })
        .expect(201);
      // Cached while processing (the TTL is a minute): only the worker's change can refresh it.
      expect((await page(null, "?search=fresh")).loops).toEqual([]);
      await waitFor(
        "the upload to be processed",
        async () => (await creator.browser.get(`/api/loops/${upload.body.id}/status`)).body.status !== "processing",
      );
      expect((await page(null, "?search=fresh")).loops.map((loop) => loop.title)).toEqual(["Cache Fresh Upload"]);
    } finally {
      await worker.stop();
    }
  });

  it("writes that never change the catalog (a token transfer, reading the notifications) keep the cached pages", async () => {
    await fundMember(t, buyer.id, 1_000n);
    await page(null);
    const before = catalogCache(t.db.prisma).generation;
    await buyer.browser.post("/api/tokens/transfer").send({ toUserId: other.id, amount: "5" }).expect(201);
    await buyer.browser.put("/api/notifications/read-all").expect(200);
    await buyer.browser.post(`/api/loops/${mine}/plays`).expect(202);
    expect(catalogCache(t.db.prisma).generation).toBe(before);
    // A write that does change it still drops them.
    await creator.browser.patch(`/api/loops/${mine}`).send({ description: "Still fresh." }).expect(200);
    expect(catalogCache(t.db.prisma).generation).toBeGreaterThan(before);
  });

  it("a profile change no card shows (the same values again, a new bio) keeps the cached pages; a new username drops them", async () => {
    const cached = await page(null);
    const cachedTitles = cached.loops.map((loop) => loop.title);
    // Behind the app's back: only a dropped cache shows it.
    await renameInDatabase(mine, "Velvet Groove Behind");
    const { username } = (await creator.browser.get("/api/profile").expect(200)).body as { username: string };
    await creator.browser.put("/api/profile").send({ username }).expect(200);
    await creator.browser.put("/api/profile").send({ username, bio: "Warm keys and dusty drums." }).expect(200);
    expect((await page(null)).loops.map((loop) => loop.title)).toEqual(cachedTitles);

    await creator.browser.put("/api/profile").send({ username: "velvet_maker", bio: "Warm keys and dusty drums." }).expect(200);
    const fresh = await page(null);
    expect(byTitle(fresh.loops, "Velvet Groove Behind").user.username).toBe("velvet_maker");
    await creator.browser.patch(`/api/loops/${mine}`).send({ title: "Velvet Groove II" }).expect(200);
  });

  it("answers a signed-out page as res.json would: same body, JSON type and length, no ETag (answers are no-store)", async () => {
    // As it is (supertest asks for gzip otherwise: http/compression.ts), to compare its length.
    const first = await request(t.app).get("/api/loops?sortBy=recent").set("Accept-Encoding", "identity").expect(200);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(first.headers["content-length"])).toBe(Buffer.byteLength(first.text));
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers.etag).toBeUndefined();
    // The cached page: the same bytes; a signed-in viewer's overlay is serialized per request, from the same page.
    const again = await request(t.app).get("/api/loops?sortBy=recent").expect(200);
    expect(again.text).toBe(first.text);
    expect(JSON.parse(first.text)).toEqual(loopListResponseSchema.parse(first.body));
    const head = await request(t.app).head("/api/loops?sortBy=recent").expect(200);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.text ?? "").toBe("");
    // Equal queries in another spelling share the entry; a bad query is still refused after good ones.
    expect((await request(t.app).get("/api/loops?limit=24&sortBy=recent").expect(200)).text).toBe(first.text);
    expect((await request(t.app).get("/api/loops?sortBy=nonsense").expect(400)).body.message).toMatch(/sortBy/i);
    expect((await request(t.app).get("/api/loops?sortBy=nonsense").expect(400)).body.message).toMatch(/sortBy/i);
    // A change drops the entry: a new body.
    await creator.browser.patch(`/api/loops/${mine}`).send({ description: "Warm keys." }).expect(200);
    const changed = await request(t.app).get("/api/loops?sortBy=recent").expect(200);
    expect(changed.text).not.toBe(first.text);
    expect(loopListResponseSchema.parse(changed.body).loops.find((loop) => loop.id === mine)?.description).toBe("Warm keys.");
  });
});

describe("GET /api/loops total: exact up to 1,000 matches, then a lower bound that keeps Load More going", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    const genre = await createGenre(t.db.prisma, "House");
    const user = (await t.db.prisma.user.create({ data: { username: "many", email: "many@example.com" } })).id;
    await t.db.prisma.$executeRaw`
      INSERT INTO "app"."loops" ("id", "user_id", "genre_id", "title", "price_cents", "is_free", "status", "original_key", "original_format", "created_at", "updated_at")
      SELECT gen_random_uuid(), ${user}::uuid, ${genre}, 'Loop ' || g, CASE WHEN g <= 30 THEN 0 ELSE 100 END, g <= 30, 'ready', 'loops/x/original', 'wav',
             now() - g * interval '1 second', now()
      FROM generate_series(1, 1050) AS g`;
  });
  afterAll(() => t.close());

  it("counts exactly under the cap, stops at it above, and says there is more when paging past it", async () => {
    const total = async (query: string) =>
      loopListResponseSchema.parse((await request(t.app).get(`/api/loops${query}`).expect(200)).body).total;
    expect(LOOP_TOTAL_CAP).toBe(1_000);
    expect(await total("?isFree=true")).toBe(30);
    expect(await total("?isFree=false")).toBe(1_000);
    expect(await total("")).toBe(1_000);
    // Paging past the cap: the count goes one past the page, so the client asks for the next one.
    const deep = loopListResponseSchema.parse((await request(t.app).get("/api/loops?offset=990&limit=24").expect(200)).body);
    expect(deep.loops).toHaveLength(24);
    expect(deep.total).toBe(990 + 24 + 1);
    const last = loopListResponseSchema.parse((await request(t.app).get("/api/loops?offset=1040&limit=24").expect(200)).body);
    expect(last.loops).toHaveLength(10);
    expect(last.total).toBe(1_050);
    expect(last.nextCursor).toBeNull();
  });
});

describe("GET /api/loops without its cache: each loop's pre-rendered object (card_json) follows every change at once", () => {
  let t: TestApp;
  let genre: number;
  let loopId: string;
  let creator: Browser;
  let creatorId: string;
  let fan: Browser;

  const listed = async () => {
    const body = loopListResponseSchema.parse((await request(t.app).get("/api/loops?sortBy=recent").expect(200)).body);
    const loop = body.loops.find((candidate) => candidate.id === loopId);
    if (!loop) throw new Error("the loop is not listed");
    return loop;
  };

  beforeAll(async () => {
    t = await createTestApp();
    expect(catalogCache(t.db.prisma).enabled).toBe(false);
    await truncateAll(t.db.prisma);
    genre = await createGenre(t.db.prisma, "Deep House");
    ({ browser: creator, id: creatorId } = await signInMember(t));
    await t.db.prisma.user.update({ where: { id: creatorId }, data: { username: "first_name_here", firstName: "Ada" } });
    fan = (await signInMember(t)).browser;
    loopId = await insertDownloadableLoop(
      t,
      { userId: creatorId, genreId: genre, title: "Card Loop", isFree: true, priceCents: 0, durationMs: 20_000, mp3Kbps: 320 },
      { mp3: Buffer.alloc(100, 1) },
    );
  });
  afterAll(() => t.close());

  it("is the object GET /api/loops/:id gives anyone, but the viewer fields", async () => {
    const single = (await request(t.app).get(`/api/loops/${loopId}`).expect(200)).body as PublicLoop;
    expect(await listed()).toEqual(single);
  });

  it("a creator's new username and first name, a genre's new name, a rating, a download and an edit show at once", async () => {
    expect(await listed()).toMatchObject({
      user: { username: "first_name_here", firstName: "Ada" },
      genre: { name: "Deep House" },
      averageRating: null,
      downloadCount: 0,
      mp3Kbps: 320,
    });

    await creator.put("/api/profile").send({ username: "renamed_creator" }).expect(200);
    expect((await listed()).user).toEqual({ id: creatorId, username: "renamed_creator", firstName: "Ada", email: null });
    await t.db.prisma.user.update({ where: { id: creatorId }, data: { firstName: "Grace" } });
    expect((await listed()).user.firstName).toBe("Grace");

    await t.db.prisma.genre.update({ where: { id: genre }, data: { name: "Tech House" } });
    expect((await listed()).genre).toEqual({ id: genre, name: "Tech House" });

    const { body } = await fan.get(`/api/loops/${loopId}/download?format=mp3`).expect(200);
    await request(t.app).get(body.downloadUrl).expect(200);
    expect((await listed()).downloadCount).toBe(1);

    // A listener who downloaded it may rate it.
    await fan.post(`/api/loops/${loopId}/ratings`).send({ rating: 4 }).expect(200);
    expect(await listed()).toMatchObject({ averageRating: 4, totalRatings: 1, myRating: null });

    await creator.patch(`/api/loops/${loopId}`).send({ title: "Card Loop II", bpm: 128 }).expect(200);
    expect(await listed()).toMatchObject({ title: "Card Loop II", bpm: 128 });

    // Still exactly what the single loop's view says, field for field.
    const single = (await request(t.app).get(`/api/loops/${loopId}`).expect(200)).body as PublicLoop;
    expect(await listed()).toEqual(single);
  });
});
