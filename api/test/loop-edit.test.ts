import { randomUUID } from "node:crypto";
import { creatorLoopSchema, LOOP_EDIT_MESSAGES, UPLOAD_MESSAGES } from "@loop/rules/schemas/loops";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGenre } from "./support/listed-loop";
import { signInMember } from "./support/members";
import { type Browser } from "./support/siwe";
import { APP_ORIGIN, createTestApp, type TestApp } from "./support/test-app";

describe("PATCH /api/loops/:id: the creator edits a loop", () => {
  let t: TestApp;
  let house: number;
  let techno: number;
  let creator: { browser: Browser; id: string };
  let other: { browser: Browser; id: string };
  let loopId: string;

  const row = () => t.db.prisma.loop.findUniqueOrThrow({ where: { id: loopId } });
  const patch = (as: Browser, body: unknown, id = loopId) => as.patch(`/api/loops/${id}`).send(body as object);

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    house = await createGenre(t.db.prisma, "House");
    techno = await createGenre(t.db.prisma, "Techno");
    [creator, other] = [await signInMember(t), await signInMember(t)];
  });
  beforeEach(async () => {
    loopId = randomUUID();
    await t.db.prisma.loop.create({
      data: {
        id: loopId,
        userId: creator.id,
        genreId: house,
        title: "Original Title",
        description: "Original description",
        priceCents: 999,
        bpm: 120,
        key: "A minor",
        detectedKey: "C major",
        tags: "one,two",
        status: "ready",
        originalKey: `loops/${loopId}/original`,
        originalFormat: "wav",
      },
    });
  });
  afterAll(() => t.close());

  it("changes listing fields and visibility; the catalog follows", async () => {
    const response = await patch(creator.browser, {
      title: "  New Title ",
      description: "New description",
      price: "12.5",
      genreId: techno,
      bpm: 140,
      key: "F# major",
      tags: " dark , , techno ",
    }).expect(200);
    expect(creatorLoopSchema.parse(response.body)).toMatchObject({
      id: loopId,
      title: "New Title",
      description: "New description",
      price: "12.50",
      isFree: false,
      genreId: techno,
      genre: { id: techno, name: "Techno" },
      bpm: 140,
      key: "F# major",
      tags: "dark,techno",
      isPublic: true,
    });
    expect((await request(t.app).get(`/api/loops/${loopId}`).expect(200)).body).toMatchObject({
      title: "New Title",
      price: "12.50",
      bpm: 140,
    });

    await patch(creator.browser, { isPublic: false }).expect(200);
    await request(t.app).get(`/api/loops/${loopId}`).expect(404);
    expect((await request(t.app).get("/api/loops").expect(200)).body.total).toBe(0);
    await patch(creator.browser, { isPublic: true }).expect(200);
    expect((await request(t.app).get("/api/loops").expect(200)).body.total).toBe(1);
  });

  it("free and paid: isFree sets the price to 0; a price above 0 makes it paid; key null shows the detected key", async () => {
    expect((await patch(creator.browser, { isFree: true }).expect(200)).body).toMatchObject({ isFree: true, price: "0.00" });
    expect((await patch(creator.browser, { price: 4.99 }).expect(200)).body).toMatchObject({ isFree: false, price: "4.99" });
    expect((await patch(creator.browser, { key: null }).expect(200)).body).toMatchObject({ key: null, detectedKey: "C major" });
    expect((await request(t.app).get(`/api/loops/${loopId}`).expect(200)).body.key).toBe("C major");
    // An empty body changes nothing.
    expect((await patch(creator.browser, {}).expect(200)).body).toMatchObject({ title: "Original Title", price: "4.99" });
  });

  it("403 for another user's loop (404 when they may not see it), 404 for unknown ones; 401 signed out", async () => {
    const response = await patch(other.browser, { title: "Hijacked" }).expect(403);
    expect(response.body).toMatchObject({ message: LOOP_EDIT_MESSAGES.notYours });
    // Whatever the body: the refusal comes before its checks.
    await patch(other.browser, { title: "" }).expect(403);
    await other.browser.delete(`/api/loops/${loopId}`).expect(403);
    await patch(creator.browser, { visibility: "private" }).expect(200);
    expect((await patch(other.browser, { title: "Hijacked" }).expect(404)).body).toMatchObject({ message: "Loop Not Found" });
    await other.browser.delete(`/api/loops/${loopId}`).expect(404);
    await patch(other.browser, { title: "x" }, randomUUID()).expect(404);
    await patch(other.browser, { title: "x" }, "not-a-uuid").expect(404);
    await request(t.app).patch(`/api/loops/${loopId}`).set("Origin", APP_ORIGIN).send({ title: "x" }).expect(401);
    expect((await row()).title).toBe("Original Title");
  });

  it.each([
    [{ title: "Valid Title", price: "1.234" }, UPLOAD_MESSAGES.price],
    [{ price: "-1" }, UPLOAD_MESSAGES.price],
    [{ price: -1 }, UPLOAD_MESSAGES.price],
    [{ price: "abc" }, UPLOAD_MESSAGES.price],
    [{ title: "   " }, UPLOAD_MESSAGES.title],
    [{ bpm: 10 }, UPLOAD_MESSAGES.bpm],
    [{ bpm: 120.5 }, UPLOAD_MESSAGES.bpm],
    [{ key: "H minor" }, UPLOAD_MESSAGES.key],
    [{ genreId: 999999 }, UPLOAD_MESSAGES.genre],
    [{ genreId: "abc" }, UPLOAD_MESSAGES.genre],
    [{ isPublic: "yes" }, "Invalid Visibility: isPublic must be true or false."],
    [{ visibility: "hidden" }, LOOP_EDIT_MESSAGES.visibility],
    [{ visibility: "public", isPublic: true }, LOOP_EDIT_MESSAGES.visibilityBoth],
    [{ artistName: "Mia Loop" }, UPLOAD_MESSAGES.trackOnly],
    [{ contentType: "track", releaseDate: "2026-13-45" }, UPLOAD_MESSAGES.releaseDate],
    [{ contentType: "track", artistName: "x".repeat(201) }, LOOP_EDIT_MESSAGES.artistName],
    [{ contentType: "song" }, UPLOAD_MESSAGES.contentType],
  ])("400 for %j, and nothing changes", async (body, message) => {
    const before = await row();
    const response = await patch(creator.browser, body).expect(400);
    expect(response.body).toMatchObject({ message });
    expect(await row()).toEqual(before);
  });
});
