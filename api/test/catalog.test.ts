import { randomUUID } from "node:crypto";
import { loopListResponseSchema, loopPeaksSchema, publicLoopSchema } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInMember } from "./support/members";
import { clickTrack, wavFile } from "./support/audio";
import { createGenre, insertLoopRow, type LoopRow } from "./support/listed-loop";
import { type Browser } from "./support/siwe";
import { binary } from "./support/binary-body";
import { createTestApp, type TestApp } from "./support/test-app";
import { waitFor } from "./support/wait";

describe("catalog: GET /api/loops, /api/loops/:id, preview and peaks", () => {
  let t: TestApp;
  let alice: Browser;
  let aliceId: string;
  let bobId: string;
  let house: number;
  let techno: number;
  let jazz: number;
  const preview = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  const ids: Record<string, string> = {};

  /** A loop row as the worker leaves it (ready, with artefacts), inserted directly. */
  async function insertLoop(name: string, data: Partial<LoopRow> = {}) {
    const id = randomUUID();
    ids[name] = id;
    return insertLoopRow(t.db.prisma, {
      id,
      userId: bobId,
      genreId: house,
      title: name,
      priceCents: 499,
      bpm: 120,
      durationMs: 20_000,
      previewKey: `loops/${id}/preview.mp3`,
      peaksKey: `loops/${id}/peaks.json`,
      ...data,
    });
  }

  const list = async (query: string, as: Browser | null = null) => {
    const response = await (as ?? request(t.app)).get(`/api/loops${query}`).expect(200);
    return loopListResponseSchema.parse(response.body);
  };
  const titles = async (query: string, as: Browser | null = null) => (await list(query, as)).loops.map((loop) => loop.title);

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    house = await createGenre(t.db.prisma, "House");
    techno = await createGenre(t.db.prisma, "Techno");
    jazz = await createGenre(t.db.prisma, "Jazz");
    ({ browser: alice, id: aliceId } = await signInMember(t));
    bobId = (await t.db.prisma.user.create({ data: { username: "bob", firstName: "Bob", email: "bob@example.com" } })).id;

    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await insertLoop("Deep Night", { description: "Warm pads", tags: "deep,chill", createdAt: day(1), downloadCount: 5, key: "A minor" });
    await insertLoop("Acid Rain", {
      genreId: techno,
      priceCents: 1250,
      bpm: 140,
      durationMs: 45_000,
      createdAt: day(2),
      downloadCount: 9,
      tags: "acid",
    });
    await insertLoop("Free Swing", {
      genreId: jazz,
      priceCents: 0,
      isFree: true,
      bpm: 90,
      durationMs: 75_000,
      createdAt: day(3),
      contentType: "track",
      artistName: "Bob",
    });
    await insertLoop("Detected Only", {
      bpm: null,
      detectedBpm: 100,
      key: null,
      detectedKey: "C major",
      createdAt: day(4),
      durationMs: 30_000,
    });
    // Never listed: private, processing, failed; Alice's own private one.
    await insertLoop("Private Bob", { isPublic: false, createdAt: day(5) });
    await insertLoop("Still Processing", { status: "processing", previewKey: null, peaksKey: null, durationMs: null, createdAt: day(6) });
    await insertLoop("Broken", { status: "failed", previewKey: null, peaksKey: null, createdAt: day(7) });
    await insertLoop("Alice Private", { userId: aliceId, isPublic: false, createdAt: day(8) });
    for (const name of ["Deep Night", "Private Bob", "Alice Private"]) {
      await t.storage.put(`loops/${ids[name]}/preview.mp3`, preview);
      await t.storage.put(
        `loops/${ids[name]}/peaks.json`,
        Buffer.from(
          JSON.stringify({
            points: 2,
            peaks: [
              [-0.5, 0.5],
              [-0.25, 0.25],
            ],
          }),
        ),
      );
    }
  });
  afterAll(() => t.close());

  describe("GET /api/loops", () => {
    it("lists only ready, public loops, newest first, in the public shape", async () => {
      const { loops, total } = await list("");
      expect(total).toBe(4);
      expect(loops.map((loop) => loop.title)).toEqual(["Detected Only", "Free Swing", "Acid Rain", "Deep Night"]);
      const deep = loops.find((loop) => loop.title === "Deep Night")!;
      expect(deep).toEqual(
        publicLoopSchema.parse({
          ...deep,
          id: ids["Deep Night"],
          price: "4.99",
          isFree: false,
          isPurchased: false,
          purchasedFormats: [],
          duration: 20,
          bpm: 120,
          key: "A minor",
          genreId: house,
          genre: { id: house, name: "House" },
          tags: "deep,chill",
          audioFileUrl: `/api/loops/${ids["Deep Night"]}/preview`,
          peaksUrl: `/api/loops/${ids["Deep Night"]}/peaks`,
          averageRating: null,
          totalRatings: 0,
          user: { id: bobId, username: "bob", firstName: "Bob", email: null },
          downloadCount: 5,
          isPublic: true,
          status: "ready",
        }),
      );
      // Detected values stand in for missing creator values.
      expect(loops[0]).toMatchObject({ bpm: 100, key: "C major" });
      // Alice signed in does not see her own private loop in the catalog either, nor Bob's e-mail.
      const signedIn = await list("", alice);
      expect(signedIn.total).toBe(4);
      expect(signedIn.loops.every((loop) => loop.user.email === null)).toBe(true);
    });

    it("filters", async () => {
      expect(await titles(`?genreId=${techno}`)).toEqual(["Acid Rain"]);
      expect(await titles(`?genreId=${techno}&genreId=${jazz}`)).toEqual(["Free Swing", "Acid Rain"]);
      expect(await titles(`?genreId=${techno},${jazz}`)).toEqual(["Free Swing", "Acid Rain"]);
      expect(await titles("?search=WARM")).toEqual(["Deep Night"]);
      expect(await titles("?search=acid")).toEqual(["Acid Rain"]);
      expect(await titles("?search=chill")).toEqual(["Deep Night"]);
      // LIKE wildcards are matched literally.
      expect(await titles("?search=%25")).toEqual([]);
      expect(await titles("?search=_")).toEqual([]);
      expect(await titles("?isFree=true")).toEqual(["Free Swing"]);
      expect(await titles("?priceMin=5")).toEqual(["Acid Rain"]);
      expect(await titles("?priceMin=4.99&priceMax=4.99")).toEqual(["Detected Only", "Deep Night"]);
      expect(await titles("?priceMax=0")).toEqual(["Free Swing"]);
      expect(await titles("?duration=short")).toEqual(["Deep Night"]);
      expect(await titles("?duration=medium")).toEqual(["Detected Only", "Acid Rain"]);
      expect(await titles("?duration=long")).toEqual(["Free Swing"]);
      expect(await titles("?bpmMin=100&bpmMax=130")).toEqual(["Detected Only", "Deep Night"]);
      expect(await titles("?bpmMin=130")).toEqual(["Acid Rain"]);
      expect(await titles("?key=C%20major")).toEqual(["Detected Only"]);
      expect(await titles("?key=A+minor")).toEqual(["Deep Night"]);
      expect(await titles("?contentType=track")).toEqual(["Free Swing"]);
      expect(await titles(`?userId=${aliceId}`)).toEqual([]);
      expect(await titles(`?userId=${bobId}&genreId=${house}`)).toEqual(["Detected Only", "Deep Night"]);
    });

    it("sorts and pages", async () => {
      expect(await titles("?sortBy=popular")).toEqual(["Acid Rain", "Deep Night", "Detected Only", "Free Swing"]);
      expect(await titles("?sortBy=price_asc")).toEqual(["Free Swing", "Detected Only", "Deep Night", "Acid Rain"]);
      expect(await titles("?sortBy=price_desc")).toEqual(["Acid Rain", "Detected Only", "Deep Night", "Free Swing"]);
      // The spec's sort names: `price` alone is cheapest first, and its pages carry a cursor like price_asc's.
      expect(await titles("?sortBy=price")).toEqual(["Free Swing", "Detected Only", "Deep Night", "Acid Rain"]);
      const firstByPrice = await list("?sortBy=price&limit=2");
      expect((await list(`?sortBy=price&limit=2&after=${firstByPrice.nextCursor}`)).loops.map((loop) => loop.title)).toEqual([
        "Deep Night",
        "Acid Rain",
      ]);
      const page = await list("?limit=2&offset=1");
      expect(page.total).toBe(4);
      expect(page.loops.map((loop) => loop.title)).toEqual(["Free Swing", "Acid Rain"]);
      expect((await list("?offset=10")).loops).toEqual([]);
    });

    it("popular counts downloads and purchases; rating sorts by average, unrated last; the viewer's purchase and rating show", async () => {
      const buyers = await Promise.all(["c1", "c2", "c3"].map((username) => t.db.prisma.user.create({ data: { username } })));
      // Detected Only: 0 downloads + 6 purchases, between Acid Rain (9) and Deep Night (5).
      for (const buyer of buyers) {
        for (const format of ["mp3", "wav"] as const) {
          await t.db.prisma.purchase.create({
            data: { loopId: ids["Detected Only"]!, buyerId: buyer.id, format, priceCents: 499, method: "test" },
          });
        }
      }
      await t.db.prisma.purchase.create({
        data: { loopId: ids["Free Swing"]!, buyerId: aliceId, format: "mp3", priceCents: 0, method: "test" },
      });
      // Acid Rain 9, Detected Only 6, Deep Night 5, Free Swing 1 (Alice's purchase).
      expect(await titles("?sortBy=popular")).toEqual(["Acid Rain", "Detected Only", "Deep Night", "Free Swing"]);
      const popular = await list("?sortBy=popular");
      expect(popular.loops.find((loop) => loop.title === "Detected Only")!.downloadCount).toBe(0);

      // Ratings (rows and the loop's counters, as POST /api/loops/:id/ratings leaves them).
      const rate = async (name: string, userId: string, rating: number) => {
        await t.db.prisma.loopRating.create({ data: { loopId: ids[name]!, userId, rating } });
        const all = await t.db.prisma.loopRating.findMany({ where: { loopId: ids[name]! } });
        await t.db.prisma.loop.update({
          where: { id: ids[name]! },
          data: { ratingSum: all.reduce((sum, r) => sum + r.rating, 0), ratingCount: all.length },
        });
      };
      await rate("Acid Rain", buyers[0]!.id, 3);
      await rate("Deep Night", buyers[0]!.id, 5);
      await rate("Deep Night", buyers[1]!.id, 4);
      await rate("Free Swing", aliceId, 4);
      await rate("Free Swing", buyers[2]!.id, 5);
      await rate("Free Swing", buyers[1]!.id, 5);
      // Free Swing 4.67 (3 ratings) and Deep Night 4.5, Acid Rain 3, unrated Detected Only last.
      expect(await titles("?sortBy=rating")).toEqual(["Free Swing", "Deep Night", "Acid Rain", "Detected Only"]);
      const signedOut = await list("?sortBy=rating");
      expect(signedOut.loops.map((loop) => [loop.averageRating, loop.totalRatings, loop.myRating, loop.isPurchased])).toEqual([
        [4.7, 3, null, false],
        [4.5, 2, null, false],
        [3, 1, null, false],
        [null, 0, null, false],
      ]);
      expect(signedOut.loops.map((loop) => loop.purchasedFormats)).toEqual([[], [], [], []]);
      const mine = await list("?sortBy=rating", alice);
      expect(mine.loops.map((loop) => [loop.myRating, loop.isPurchased, loop.purchasedFormats])).toEqual([
        [4, true, ["mp3"]],
        [null, false, []],
        [null, false, []],
        [null, false, []],
      ]);
      const detail = await alice.get(`/api/loops/${ids["Free Swing"]}`).expect(200);
      expect(detail.body).toMatchObject({ averageRating: 4.7, totalRatings: 3, myRating: 4, isPurchased: true, purchasedFormats: ["mp3"] });
    });

    it("purchasedFormats: the formats the viewer owns, refunded ones left out, in the list and the detail alike", async () => {
      const buy = (name: string, format: "mp3" | "wav", refunded = false) =>
        t.db.prisma.purchase.create({
          data: {
            loopId: ids[name]!,
            buyerId: aliceId,
            format,
            priceCents: 499,
            method: "test",
            ...(refunded ? { refundedAt: new Date(), refundRef: `refund-${name}-${format}` } : {}),
          },
        });
      // Bought WAV first and MP3 after: the view lists them MP3 first all the same.
      await buy("Deep Night", "wav");
      await buy("Deep Night", "mp3");
      // MP3 refunded, WAV kept: owns the WAV only, still "purchased".
      await buy("Acid Rain", "mp3", true);
      await buy("Acid Rain", "wav");
      // Refunded and nothing else: owns nothing (so Buy comes back on the card).
      await buy("Detected Only", "wav", true);

      const expected = { "Deep Night": [true, ["mp3", "wav"]], "Acid Rain": [true, ["wav"]], "Detected Only": [false, []] } as const;
      const mine = await list("", alice);
      for (const [name, [isPurchased, purchasedFormats]] of Object.entries(expected)) {
        expect(mine.loops.find((loop) => loop.title === name)).toMatchObject({ isPurchased, purchasedFormats });
        const detail = await alice.get(`/api/loops/${ids[name]}`).expect(200);
        expect(publicLoopSchema.parse(detail.body)).toMatchObject({ isPurchased, purchasedFormats });
        // Signed out nobody owns anything.
        expect((await request(t.app).get(`/api/loops/${ids[name]}`).expect(200)).body).toMatchObject({
          isPurchased: false,
          purchasedFormats: [],
        });
      }
    });

    it.each([
      ["genreId=abc", /^Invalid genreId/],
      ["priceMin=-1", /^Invalid priceMin/],
      ["priceMax=1.234", /^Invalid priceMax/],
      ["duration=huge", /^Invalid duration/],
      ["bpmMin=fast", /^Invalid bpmMin/],
      ["key=H", /^Invalid Key/],
      ["contentType=album", /^Invalid Content Type/],
      ["userId=nope", /^Invalid userId/],
      ["sortBy=best", /^Invalid sortBy/],
      ["limit=0", /^Invalid limit/],
      ["limit=101", /^Invalid limit/],
      ["offset=-1", /^Invalid offset/],
      ["isFree=yes", /^Invalid isFree/],
    ])("400 for %s", async (query, message) => {
      const response = await request(t.app).get(`/api/loops?${query}`).expect(400);
      expect(response.body.message).toMatch(message);
    });
  });

  describe("GET /api/loops/:id", () => {
    it("a public loop for anyone; private and unfinished ones only for their creator", async () => {
      const { body } = await request(t.app).get(`/api/loops/${ids["Free Swing"]}`).expect(200);
      expect(publicLoopSchema.parse(body)).toMatchObject({
        title: "Free Swing",
        contentType: "track",
        artistName: "Bob",
        price: "0.00",
        isFree: true,
      });
      for (const name of ["Private Bob", "Still Processing", "Broken"]) {
        expect((await request(t.app).get(`/api/loops/${ids[name]}`).expect(404)).body).toMatchObject({ message: "Loop Not Found" });
        await alice.get(`/api/loops/${ids[name]}`).expect(404);
      }
      const own = await alice.get(`/api/loops/${ids["Alice Private"]}`).expect(200);
      expect(own.body).toMatchObject({ isPublic: false, user: { id: aliceId } });
      expect(own.body.user.email).toBe((await t.db.prisma.user.findUniqueOrThrow({ where: { id: aliceId } })).email);
      await request(t.app).get(`/api/loops/${ids["Alice Private"]}`).expect(404);
      await request(t.app).get(`/api/loops/${randomUUID()}`).expect(404);
      await request(t.app).get("/api/loops/not-a-uuid").expect(404);
    });
  });

  describe("preview and peaks", () => {
    const url = () => `/api/loops/${ids["Deep Night"]}/preview`;

    it("streams the whole preview with caching headers", async () => {
      const response = await request(t.app).get(url()).buffer(true).parse(binary).expect(200);
      expect(response.headers["content-type"]).toBe("audio/mpeg");
      expect(response.headers["accept-ranges"]).toBe("bytes");
      expect(response.headers["cache-control"]).toBe("public, max-age=86400");
      expect(response.headers["content-length"]).toBe("1000");
      expect(response.headers.etag).toMatch(/^".+"$/);
      expect(Buffer.compare(response.body as Buffer, preview)).toBe(0);
      await request(t.app).get(url()).set("If-None-Match", response.headers.etag!).expect(304);
    });

    it("answers byte ranges with 206, bad ones with 416", async () => {
      const part = await request(t.app).get(url()).set("Range", "bytes=10-19").buffer(true).parse(binary).expect(206);
      expect(part.headers["content-range"]).toBe("bytes 10-19/1000");
      expect(Buffer.compare(part.body as Buffer, preview.subarray(10, 20))).toBe(0);
      const open = await request(t.app).get(url()).set("Range", "bytes=990-").buffer(true).parse(binary).expect(206);
      expect(open.headers["content-range"]).toBe("bytes 990-999/1000");
      const suffix = await request(t.app).get(url()).set("Range", "bytes=-5").buffer(true).parse(binary).expect(206);
      expect(Buffer.compare(suffix.body as Buffer, preview.subarray(995))).toBe(0);
      const past = await request(t.app).get(url()).set("Range", "bytes=1000-1001").expect(416);
      expect(past.headers["content-range"]).toBe("bytes */1000");
      expect(past.body).toMatchObject({ message: "Range Not Satisfiable" });
      await request(t.app).get(url()).set("Range", "bytes=5-2").expect(416);
      // Stale If-Range: the whole file.
      await request(t.app).get(url()).set("Range", "bytes=0-1").set("If-Range", '"old"').expect(200);
    });

    it("a private loop's preview: only its creator, Cache-Control private", async () => {
      await request(t.app).get(`/api/loops/${ids["Private Bob"]}/preview`).expect(404);
      await alice.get(`/api/loops/${ids["Private Bob"]}/preview`).expect(404);
      const own = await alice.get(`/api/loops/${ids["Alice Private"]}/preview`).buffer(true).parse(binary).expect(200);
      expect(own.headers["cache-control"]).toBe("private");
      await request(t.app).get(`/api/loops/${ids["Still Processing"]}/preview`).expect(404);
    });

    it("GET /api/loops/:id/peaks returns the peaks JSON", async () => {
      const { body } = await request(t.app).get(`/api/loops/${ids["Deep Night"]}/peaks`).expect(200);
      expect(loopPeaksSchema.parse(body)).toEqual({
        points: 2,
        peaks: [
          [-0.5, 0.5],
          [-0.25, 0.25],
        ],
      });
      await request(t.app).get(`/api/loops/${ids["Private Bob"]}/peaks`).expect(404);
    });
  });

  it("an uploaded WAV, once processed, is in the catalog with a playable preview", async () => {
    const worker = t.startWorker();
    try {
      const upload = await alice
        .post("/api/loops/upload")
        .field("title", "Fresh Upload")
        .field("genreId", String(house))
        .attach("audio", wavFile([clickTrack(120, 3)]), { filename: "a.wav", contentType: "audio/wav" })
        .expect(201);
      await waitFor(
        "the upload to be processed",
        async () => (await alice.get(`/api/loops/${upload.body.id}/status`)).body.status !== "processing",
      );
      const { loops } = await list("?search=fresh");
      expect(loops).toHaveLength(1);
      expect(loops[0]!.duration).toBeCloseTo(3, 1);
      const audio = await request(t.app).get(loops[0]!.audioFileUrl!).buffer(true).parse(binary).expect(200);
      expect((audio.body as Buffer).length).toBeGreaterThan(1000);
      const peaks = await request(t.app).get(loops[0]!.peaksUrl!).expect(200);
      expect(loopPeaksSchema.parse(peaks.body).peaks.length).toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
  });
});
