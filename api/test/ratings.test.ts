import { randomUUID } from "node:crypto";
import { RATING_MESSAGES, ratingResultSchema } from "@loop/rules/schemas/ratings";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre, insertDownloadableLoop } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { createTestApp, type TestApp } from "./support/test-app";

describe("ratings: POST /api/loops/:id/ratings", () => {
  let t: TestApp;
  let genre: number;
  let creator: { browser: Browser; id: string };
  let buyer: { browser: Browser; id: string };
  let stranger: { browser: Browser; id: string };

  const insertLoop = (title: string, isFree = false) =>
    insertDownloadableLoop(
      t,
      { userId: creator.id, genreId: genre, title, isFree, priceCents: isFree ? 0 : 500 },
      { mp3: Buffer.alloc(100, 1) },
    );

  /** Downloads the loop through the real flow (link, then file), which records the download. */
  async function download(as: Browser, loopId: string) {
    const { body } = await as.get(`/api/loops/${loopId}/download?format=mp3`).expect(200);
    await request(t.app).get(body.downloadUrl).expect(200);
  }

  const rate = (as: Browser, loopId: string, rating: unknown) => as.post(`/api/loops/${loopId}/ratings`).send({ rating });
  const stored = (loopId: string) =>
    t.db.prisma.loop.findUniqueOrThrow({ where: { id: loopId }, select: { ratingSum: true, ratingCount: true, ratingAverage: true } });

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genre = await createGenre(t.db.prisma, "House");
    [creator, buyer, stranger] = [await signInMember(t), await signInMember(t), await signInMember(t)];
  });
  afterAll(() => t.close());

  it("tells each viewer whether they may rate: after a purchase or a download, never the creator", async () => {
    const loop = await insertLoop("Rate Me Maybe", true);
    const canRate = async (as: Browser | null) => {
      const agent = as ?? request(t.app);
      const detail = (await agent.get(`/api/loops/${loop}`).expect(200)).body as { canRate: boolean };
      const listed = (await agent.get(`/api/loops?userId=${creator.id}&limit=100`).expect(200)).body as {
        loops: { id: string; canRate: boolean }[];
      };
      const profile = (await agent.get(`/api/users/${creator.id}/profile`).expect(200)).body as {
        loops: { id: string; canRate: boolean }[];
      };
      const inList = listed.loops.find((item) => item.id === loop)!.canRate;
      const onProfile = profile.loops.find((item) => item.id === loop)!.canRate;
      expect([inList, onProfile]).toEqual([detail.canRate, detail.canRate]);
      return detail.canRate;
    };
    expect(await canRate(null)).toBe(false);
    expect(await canRate(creator.browser)).toBe(false);
    await download(creator.browser, loop);
    expect(await canRate(creator.browser)).toBe(false);
    const listener = await signInMember(t);
    expect(await canRate(listener.browser)).toBe(false);
    await download(listener.browser, loop);
    expect(await canRate(listener.browser)).toBe(true);
    const buyerOfIt = await signInMember(t);
    await t.db.prisma.purchase.create({ data: { loopId: loop, buyerId: buyerOfIt.id, format: "mp3", priceCents: 0, method: "test" } });
    expect(await canRate(buyerOfIt.browser)).toBe(true);
    expect(await canRate(stranger.browser)).toBe(false);
  });

  it("a buyer rates, then changes the rating; a downloader rates too; the loop shows the average", async () => {
    const loop = await insertLoop("Rated Loop");
    await t.db.prisma.purchase.create({ data: { loopId: loop, buyerId: buyer.id, format: "wav", priceCents: 500, method: "test" } });
    const first = await rate(buyer.browser, loop, 4).expect(200);
    expect(ratingResultSchema.parse(first.body)).toEqual({ averageRating: 4, totalRatings: 1, myRating: 4 });
    const changed = await rate(buyer.browser, loop, 2).expect(200);
    expect(changed.body).toEqual({ averageRating: 2, totalRatings: 1, myRating: 2 });

    const free = await insertLoop("Free Rated", true);
    await download(stranger.browser, free);
    expect((await rate(stranger.browser, free, 5).expect(200)).body).toEqual({ averageRating: 5, totalRatings: 1, myRating: 5 });

    const listener = await signInMember(t);
    await t.db.prisma.loopDownload.create({ data: { loopId: loop, userId: listener.id, format: "mp3" } });
    expect((await rate(listener.browser, loop, 5).expect(200)).body).toEqual({ averageRating: 3.5, totalRatings: 2, myRating: 5 });
    const third = await signInMember(t);
    await t.db.prisma.loopDownload.create({ data: { loopId: loop, userId: third.id, format: "mp3" } });
    // 2 + 5 + 5 = 12 / 3 = 4.0; then 2 + 5 + 4 = 11 / 3 = 3.666… → 3.7
    await rate(third.browser, loop, 5).expect(200);
    expect((await rate(third.browser, loop, 4).expect(200)).body).toEqual({ averageRating: 3.7, totalRatings: 3, myRating: 4 });

    const seen = await listener.browser.get(`/api/loops/${loop}`).expect(200);
    expect(seen.body).toMatchObject({ averageRating: 3.7, totalRatings: 3, myRating: 5 });
    const anonymous = await request(t.app).get(`/api/loops/${loop}`).expect(200);
    expect(anonymous.body).toMatchObject({ averageRating: 3.7, totalRatings: 3, myRating: null });
    expect(await t.db.prisma.loopRating.count({ where: { loopId: loop } })).toBe(3);
    expect(await stored(loop)).toMatchObject({ ratingSum: 11, ratingCount: 3 });
  });

  it.each([0, 6, 2.5, "5", null, undefined])("400 for rating %s, and nothing is stored", async (value) => {
    const loop = await insertLoop(`Bad Value ${String(value)}`);
    await t.db.prisma.purchase.create({ data: { loopId: loop, buyerId: buyer.id, format: "mp3", priceCents: 500, method: "test" } });
    const response = await rate(buyer.browser, loop, value).expect(400);
    expect(response.body).toMatchObject({ message: "Invalid Rating: Choose a whole number of stars from 1 to 5." });
    expect(await t.db.prisma.loopRating.count({ where: { loopId: loop } })).toBe(0);
  });

  it("403 for a user who neither bought nor downloaded the loop (even a free one)", async () => {
    for (const loop of [await insertLoop("Not Bought"), await insertLoop("Free Not Downloaded", true)]) {
      const response = await rate(stranger.browser, loop, 5).expect(403);
      expect(response.body).toMatchObject({
        message: "Rating Not Allowed: Only listeners who bought or downloaded this loop can rate it.",
      });
      expect(await stored(loop)).toMatchObject({ ratingSum: 0, ratingCount: 0 });
    }
  });

  it("403 for the creator's own loop", async () => {
    const loop = await insertLoop("Own Loop", true);
    await download(creator.browser, loop);
    expect((await rate(creator.browser, loop, 5).expect(403)).body).toMatchObject({ message: RATING_MESSAGES.ownLoop });
  });

  it("401 signed out, 404 for an unknown or hidden loop", async () => {
    const loop = await insertLoop("Somebody's");
    expect(
      (await request(t.app).post(`/api/loops/${loop}/ratings`).set("Origin", "http://localhost:5173").send({ rating: 5 }).expect(401)).body,
    ).toMatchObject({
      message: "Unauthorized",
    });
    expect((await rate(buyer.browser, randomUUID(), 5).expect(404)).body).toMatchObject({ message: "Loop Not Found" });
    await t.db.prisma.loop.update({ where: { id: loop }, data: { isPublic: false } });
    await t.db.prisma.purchase.create({ data: { loopId: loop, buyerId: buyer.id, format: "mp3", priceCents: 500, method: "test" } });
    await rate(buyer.browser, loop, 5).expect(404);
  });

  it("concurrent ratings keep exact totals", async () => {
    const loop = await insertLoop("Busy Loop");
    const raters = await Promise.all(Array.from({ length: 8 }, () => signInMember(t)));
    await t.db.prisma.purchase.createMany({
      data: raters.map((r) => ({ loopId: loop, buyerId: r.id, format: "mp3" as const, priceCents: 500, method: "test" })),
    });
    const values = [1, 2, 3, 4, 5, 5, 4, 3];
    const answers = await Promise.all(raters.map((r, i) => rate(r.browser, loop, values[i]).expect(200)));
    expect(answers.map((a) => a.body.myRating)).toEqual(values);
    expect(await stored(loop)).toEqual({ ratingSum: 27, ratingCount: 8, ratingAverage: 27 / 8 });

    // One user sending two different ratings at once: one rating, and the totals match it.
    const [one] = raters;
    await Promise.all([rate(one!.browser, loop, 5).expect(200), rate(one!.browser, loop, 2).expect(200)]);
    const mine = await t.db.prisma.loopRating.findUniqueOrThrow({ where: { loopId_userId: { loopId: loop, userId: one!.id } } });
    expect(await stored(loop)).toMatchObject({ ratingSum: 27 - 1 + mine.rating, ratingCount: 8 });
    const { body } = await request(t.app).get(`/api/loops/${loop}`).expect(200);
    expect(body).toMatchObject({ totalRatings: 8, averageRating: Math.round(((26 + mine.rating) / 8) * 10) / 10 });
  });
});
