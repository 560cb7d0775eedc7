// Collections ("crates", issue 24): GET/POST /api/collections, GET/PATCH/DELETE /api/collections/:id,
// POST /api/collections/:id/loops and DELETE /api/collections/:id/loops/:loopId.
import {
  COLLECTION_MESSAGES,
  collectionListResponseSchema,
  collectionPageSchema,
  collectionSchema,
  MAX_COLLECTIONS_PER_MEMBER,
  MAX_LOOPS_PER_COLLECTION,
} from "@loop/rules/schemas/collections";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenre, insertLoopRow, type LoopRow } from "./support/listed-loop";
import { signInMember, type Member } from "./support/members";
import { type Browser } from "./support/siwe";
import { browser, createTestApp, type TestApp } from "./support/test-app";

const NOBODY = "00000000-0000-4000-8000-000000000000";

describe("collections", () => {
  let t: TestApp;
  let genre: number;
  let owner: Member;
  let other: Member;
  let creator: Member;

  const create = (as: Browser, body: unknown) => as.post("/api/collections").send(body as object);
  const newCollection = async (as: Browser, body: Record<string, unknown> = {}) =>
    collectionSchema.parse((await create(as, { name: "Crate", ...body }).expect(201)).body);
  const addLoop = (as: Browser, collectionId: string, loopId: unknown) =>
    as.post(`/api/collections/${collectionId}/loops`).send({ loopId });
  const removeLoop = (as: Browser, collectionId: string, loopId: string) => as.delete(`/api/collections/${collectionId}/loops/${loopId}`);
  const page = async (as: Browser | null, collectionId: string, query = "") =>
    collectionPageSchema.parse((await (as ?? request(t.app)).get(`/api/collections/${collectionId}${query}`).expect(200)).body);
  const own = async (as: Browser, query = "") =>
    collectionListResponseSchema.parse((await as.get(`/api/collections${query}`).expect(200)).body).collections;
  let seq = 0;
  const insertLoop = (extra: Partial<LoopRow> = {}) =>
    insertLoopRow(t.db.prisma, { userId: creator.id, genreId: genre, title: `Crated ${++seq}`, ...extra });

  beforeAll(async () => {
    t = await createTestApp({ empty: true });
    genre = await createGenre(t.db.prisma, "House");
    [owner, other, creator] = [await signInMember(t), await signInMember(t), await signInMember(t)];
  });
  afterAll(() => t.close());

  it("a member creates collections (private by default) and lists their own, the latest updated first", async () => {
    const member = await signInMember(t);
    const first = await newCollection(member.browser, { name: "  Late Night  ", description: "For the drive home" });
    expect(first).toMatchObject({
      name: "Late Night",
      description: "For the drive home",
      isPublic: false,
      loopCount: 0,
      owner: { id: member.id },
      isOwn: true,
      containsLoop: null,
    });
    const second = await newCollection(member.browser, { name: "Sunny", isPublic: true });
    expect(second).toMatchObject({ isPublic: true, description: "" });
    expect((await own(member.browser)).map((c) => c.id)).toEqual([second.id, first.id]);
    // Adding a loop updates it: it comes first.
    const loop = await insertLoop();
    await addLoop(member.browser, first.id, loop).expect(200);
    expect((await own(member.browser)).map((c) => c.id)).toEqual([first.id, second.id]);
    // ?loopId= says which hold that loop.
    expect((await own(member.browser, `?loopId=${loop}`)).map((c) => [c.name, c.containsLoop])).toEqual([
      ["Late Night", true],
      ["Sunny", false],
    ]);
    // Signed out: 401 for one's own; another member's public ones for anyone.
    expect((await request(t.app).get("/api/collections").expect(401)).body).toMatchObject({ message: "Unauthorized" });
    const publicOnes = collectionListResponseSchema.parse(
      (await request(t.app).get(`/api/collections?userId=${member.id}`).expect(200)).body,
    );
    expect(publicOnes.collections.map((c) => [c.id, c.isOwn])).toEqual([[second.id, false]]);
    expect((await own(member.browser, `?userId=${member.id}`)).map((c) => [c.id, c.isOwn])).toEqual([[second.id, true]]);
    expect((await request(t.app).get("/api/collections?userId=nope").expect(400)).body).toMatchObject({ message: "Invalid userId." });
  });

  it("bad bodies are 400 with the schema's message, and nothing is made or changed", async () => {
    const member = await signInMember(t);
    const refused = async (body: unknown, message: string) =>
      expect((await create(member.browser, body).expect(400)).body).toMatchObject({ message });
    await refused({}, COLLECTION_MESSAGES.name);
    await refused({ name: "   " }, COLLECTION_MESSAGES.name);
    await refused({ name: "x".repeat(81) }, COLLECTION_MESSAGES.name);
    await refused({ name: "Ok", description: "d".repeat(501) }, COLLECTION_MESSAGES.description);
    await refused({ name: "Ok", isPublic: "yes" }, COLLECTION_MESSAGES.isPublic);
    expect(await t.db.prisma.collection.count({ where: { userId: member.id } })).toBe(0);

    const crate = await newCollection(member.browser, { name: "Keep" });
    const patch = (body: unknown) => member.browser.patch(`/api/collections/${crate.id}`).send(body as object);
    expect((await patch({}).expect(400)).body).toMatchObject({ message: COLLECTION_MESSAGES.nothingToChange });
    expect((await patch({ name: "" }).expect(400)).body).toMatchObject({ message: COLLECTION_MESSAGES.name });
    expect((await patch({ isPublic: 1 }).expect(400)).body).toMatchObject({ message: COLLECTION_MESSAGES.isPublic });
    expect((await addLoop(member.browser, crate.id, "not-a-loop").expect(400)).body).toMatchObject({ message: COLLECTION_MESSAGES.loopId });
    expect(await page(member.browser, crate.id)).toMatchObject({ collection: { name: "Keep", isPublic: false, loopCount: 0 }, total: 0 });
    await browser(t.app).post("/api/collections").send({ name: "Nope" }).expect(401);
  });

  it("a private collection is 404 Collection Not Found to another member and to a visitor; a public one is read by its link", async () => {
    const crate = await newCollection(owner.browser, { name: "Secret" });
    const loop = await insertLoop({ title: "Crate Digger" });
    await addLoop(owner.browser, crate.id, loop).expect(200);
    const notFound = { message: COLLECTION_MESSAGES.notFound, code: "COLLECTION_NOT_FOUND" };
    expect((await other.browser.get(`/api/collections/${crate.id}`).expect(404)).body).toEqual(notFound);
    expect((await request(t.app).get(`/api/collections/${crate.id}`).expect(404)).body).toEqual(notFound);
    expect((await request(t.app).get(`/api/collections/not-a-uuid`).expect(404)).body).toEqual(notFound);
    expect((await request(t.app).get(`/api/collections/${NOBODY}`).expect(404)).body).toEqual(notFound);
    // Nor can another member change it, nor learn it exists.
    expect((await other.browser.patch(`/api/collections/${crate.id}`).send({ isPublic: true }).expect(404)).body).toEqual(notFound);
    expect((await addLoop(other.browser, crate.id, loop).expect(404)).body).toEqual(notFound);
    expect((await removeLoop(other.browser, crate.id, loop).expect(404)).body).toEqual(notFound);
    expect((await other.browser.delete(`/api/collections/${crate.id}`).expect(404)).body).toEqual(notFound);
    expect((await page(owner.browser, crate.id)).loops.map((l) => l.title)).toEqual(["Crate Digger"]);

    // The owner makes it public: anyone with the link reads it (and plays its previews: the loops' own URLs).
    const updated = collectionSchema.parse(
      (await owner.browser.patch(`/api/collections/${crate.id}`).send({ isPublic: true, name: "Shared" }).expect(200)).body,
    );
    expect(updated).toMatchObject({ isPublic: true, name: "Shared", loopCount: 1 });
    const visitor = await page(null, crate.id);
    expect(visitor.collection).toMatchObject({ name: "Shared", isOwn: false, owner: { id: owner.id } });
    expect(visitor.loops).toEqual([expect.objectContaining({ id: loop, title: "Crate Digger", likedByMe: false })]);
    expect((await page(other.browser, crate.id)).collection.isOwn).toBe(false);
    expect((await page(owner.browser, crate.id)).collection.isOwn).toBe(true);
    // Private again: gone for others.
    await owner.browser.patch(`/api/collections/${crate.id}`).send({ isPublic: false }).expect(200);
    await request(t.app).get(`/api/collections/${crate.id}`).expect(404);
  });

  it("adding is idempotent, removing too; the page lists the latest added first, paged, and the viewer's fields", async () => {
    const crate = await newCollection(owner.browser, { isPublic: true });
    const loops = [await insertLoop({ title: "One" }), await insertLoop({ title: "Two" }), await insertLoop({ title: "Three" })];
    for (const loop of loops) {
      const answer = collectionSchema.parse((await addLoop(owner.browser, crate.id, loop).expect(200)).body);
      expect(answer.containsLoop).toBe(true);
    }
    // Added at distinct times, in order.
    for (const [i, loop] of loops.entries())
      await t.db.prisma.collectionLoop.update({
        where: { collectionId_loopId: { collectionId: crate.id, loopId: loop } },
        data: { addedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) },
      });
    expect((await addLoop(owner.browser, crate.id, loops[0]).expect(200)).body).toMatchObject({ loopCount: 3 });
    const full = await page(null, crate.id);
    expect(full.loops.map((l) => l.title)).toEqual(["Three", "Two", "One"]);
    expect(full).toMatchObject({ total: 3, collection: { loopCount: 3 } });
    const second = await page(null, crate.id, "?limit=2&offset=2");
    expect(second.loops.map((l) => l.title)).toEqual(["One"]);
    expect(second.total).toBe(3);
    expect((await request(t.app).get(`/api/collections/${crate.id}?limit=101`).expect(400)).body).toMatchObject({
      message: "Invalid limit: use a whole number from 1 to 100.",
    });
    await other.browser.post(`/api/loops/${loops[1]}/like`).expect(200);
    expect((await page(other.browser, crate.id)).loops.map((l) => [l.title, l.likedByMe, l.likeCount])).toEqual([
      ["Three", false, 0],
      ["Two", true, 1],
      ["One", false, 0],
    ]);

    const removed = collectionSchema.parse((await removeLoop(owner.browser, crate.id, loops[1]!).expect(200)).body);
    expect(removed).toMatchObject({ loopCount: 2, containsLoop: false });
    expect((await removeLoop(owner.browser, crate.id, loops[1]!).expect(200)).body).toMatchObject({ loopCount: 2 });
    expect((await page(owner.browser, crate.id)).loops.map((l) => l.title)).toEqual(["Three", "One"]);
  });

  it("only loops the owner may see can be added; loops that became invisible are left out of the page and its total", async () => {
    const crate = await newCollection(owner.browser, { isPublic: true });
    const privateOfOthers = await insertLoop({ isPublic: false });
    const processing = await insertLoop({ status: "processing" });
    for (const loop of [privateOfOthers, processing, NOBODY])
      expect((await addLoop(owner.browser, crate.id, loop).expect(404)).body).toMatchObject({ message: "Loop Not Found" });
    // The owner's own private loop may go in: they see it, nobody else does.
    const ownPrivate = await insertLoopRow(t.db.prisma, { userId: owner.id, genreId: genre, title: "Own Draft", isPublic: false });
    const listed = await insertLoop({ title: "Listed" });
    const laterHidden = await insertLoop({ title: "Later Hidden" });
    for (const loop of [ownPrivate, listed, laterHidden]) await addLoop(owner.browser, crate.id, loop).expect(200);
    await t.db.prisma.loop.update({ where: { id: laterHidden }, data: { status: "hidden", hiddenReason: "test" } });

    const forOwner = await page(owner.browser, crate.id);
    expect(forOwner.loops.map((l) => l.title).sort()).toEqual(["Listed", "Own Draft"]);
    expect(forOwner).toMatchObject({ total: 2, collection: { loopCount: 3 } });
    const forVisitor = await page(null, crate.id);
    expect(forVisitor.loops.map((l) => l.title)).toEqual(["Listed"]);
    expect(forVisitor.total).toBe(1);
    // A deleted loop leaves the collection and its count.
    await t.db.prisma.loop.delete({ where: { id: listed } });
    expect((await page(owner.browser, crate.id)).collection.loopCount).toBe(2);
  });

  it("DELETE removes the collection (owner only), not its loops", async () => {
    const crate = await newCollection(owner.browser, { isPublic: true });
    const loop = await insertLoop();
    await addLoop(owner.browser, crate.id, loop).expect(200);
    await other.browser.delete(`/api/collections/${crate.id}`).expect(404);
    await owner.browser.delete(`/api/collections/${crate.id}`).expect(204);
    await request(t.app).get(`/api/collections/${crate.id}`).expect(404);
    await owner.browser.delete(`/api/collections/${crate.id}`).expect(404);
    expect(await t.db.prisma.loop.count({ where: { id: loop } })).toBe(1);
  });

  it(`limits: ${MAX_COLLECTIONS_PER_MEMBER} collections per member and ${MAX_LOOPS_PER_COLLECTION} loops per collection, also under racing calls`, async () => {
    const collector = await signInMember(t);
    // Up to one below the limit straight in the database, then racing calls for the last places.
    await t.db.prisma.collection.createMany({
      data: Array.from({ length: MAX_COLLECTIONS_PER_MEMBER - 2 }, (_, i) => ({ userId: collector.id, name: `Bulk ${i}` })),
    });
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => create(collector.browser, { name: `Race ${i}` })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(racing.find((r) => r.status === 409)!.body).toMatchObject({ message: COLLECTION_MESSAGES.tooManyCollections });
    expect(await t.db.prisma.collection.count({ where: { userId: collector.id } })).toBe(MAX_COLLECTIONS_PER_MEMBER);

    const crate = await newCollection(owner.browser);
    const ids = (
      await t.db.prisma.$queryRaw<{ id: string }[]>`
        INSERT INTO "app"."loops" ("id", "user_id", "genre_id", "title", "status", "original_key", "original_format", "updated_at")
        SELECT gen_random_uuid(), ${creator.id}::uuid, ${genre}, 'Bulk ' || g, 'ready', 'loops/bulk/original', 'wav', now()
        FROM generate_series(1, ${MAX_LOOPS_PER_COLLECTION + 3}) AS g
        RETURNING "id"::text AS id`
    ).map((row) => row.id);
    await t.db.prisma.collectionLoop.createMany({
      data: ids.slice(0, MAX_LOOPS_PER_COLLECTION - 1).map((loopId) => ({ collectionId: crate.id, loopId })),
    });
    const adds = await Promise.all(ids.slice(MAX_LOOPS_PER_COLLECTION - 1).map((loopId) => addLoop(owner.browser, crate.id, loopId)));
    expect(adds.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(adds.find((r) => r.status === 409)!.body).toMatchObject({ message: COLLECTION_MESSAGES.tooManyLoops });
    const [stored] = await t.db.prisma.$queryRaw<{ loop_count: number; entries: number }[]>`
      SELECT c."loop_count", (SELECT count(*)::int FROM "app"."collection_loops" e WHERE e."collection_id" = c."id") AS entries
      FROM "app"."collections" c WHERE c."id" = ${crate.id}::uuid`;
    expect(stored).toEqual({ loop_count: MAX_LOOPS_PER_COLLECTION, entries: MAX_LOOPS_PER_COLLECTION });
    // A loop already in a full collection is still fine to add again.
    await addLoop(owner.browser, crate.id, ids[0]).expect(200);
  });
});
